import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestCertificate } from "@/lib/certificates";
// node-sped-nfe (MIT, devDependency used only here): builds with fast-xml-parser,
// signs with xml-crypto (key extracted once through openssl by `pem`) and
// validates by writing a temporary file and spawning xmllint for each document.
import { Make, Tools } from "node-sped-nfe";
import { BENCH_ITEMS } from "./xml-input";

export type PeerSteps = { build: () => Promise<string>; sign: (xml: string) => Promise<string>; validate: (xml: string) => Promise<unknown> };

export function createPeer(): PeerSteps {
  const { pfx, password } = createTestCertificate({ cnpj: "11222333000181", legalName: "Empresa Bench Ltda", encryption: "aes256" });
  const pfxPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-xml-")), "a1.pfx");
  fs.writeFileSync(pfxPath, pfx);
  const tools = new Tools(
    { mod: "55", UF: "SP", tpAmb: 2, versao: "4.00", xmllint: "xmllint", openssl: null, CSC: "", CSCid: "", timeout: 30, CPF: "", CNPJ: "11222333000181" },
    { pfx: pfxPath, senha: password },
  );
  let number = 0;

  async function build(): Promise<string> {
    number += 1;
    const nfe = new Make();
    nfe.tagInfNFe({ Id: null, versao: "4.00" });
    nfe.tagIde({
      cUF: "35", cNF: String(10_000_000 + number), natOp: "Venda de mercadoria", mod: "55", serie: "1", nNF: String(number),
      dhEmi: "2026-03-10T14:05:09-03:00", tpNF: "1", idDest: "1", cMunFG: "3550308", tpImp: "1", tpEmis: "1", cDV: "0", tpAmb: "2",
      finNFe: "1", indFinal: "0", indPres: "1", procEmi: "0", verProc: "bench 1.0",
    });
    nfe.tagEmit({ CNPJ: "11222333000181", xNome: "Comercio e Industria Sao Joao Ltda", xFant: "Sao Joao", IE: "110042490114", CRT: "3" });
    nfe.tagEnderEmit({ xLgr: "Avenida Paulista", nro: "1000", xBairro: "Bela Vista", cMun: "3550308", xMun: "Sao Paulo", UF: "SP", CEP: "01310100", cPais: "1058", xPais: "BRASIL" });
    nfe.tagDest({ CNPJ: "06929383000163", xNome: "Cliente Exemplo S/A", indIEDest: "1", IE: "123456789110" });
    nfe.tagEnderDest({ xLgr: "Rua das Flores", nro: "10", xBairro: "Centro", cMun: "3509502", xMun: "Campinas", UF: "SP", CEP: "13010000", cPais: "1058", xPais: "BRASIL" });
    await nfe.tagProd(
      Array.from({ length: BENCH_ITEMS }, (_, i) => ({
        cProd: `SKU-${i + 1}`, cEAN: "SEM GTIN", xProd: `Produto de teste numero ${i + 1}`, NCM: "21069090", CFOP: "5102", uCom: "UN",
        qCom: "3", vUnCom: "33.33", vProd: "99.99", cEANTrib: "SEM GTIN", uTrib: "UN", qTrib: "3", vUnTrib: "33.33", indTot: "1",
      })),
    );
    for (let i = 0; i < BENCH_ITEMS; i++) {
      nfe.tagProdICMS(i, { orig: "0", CST: "00", modBC: "3", vBC: "99.99", pICMS: "18.00", vICMS: "18.00" });
      nfe.tagProdPIS(i, { CST: "01", vBC: "99.99", pPIS: "1.65", vPIS: "1.65" });
      nfe.tagProdCOFINS(i, { CST: "01", vBC: "99.99", pCOFINS: "7.60", vCOFINS: "7.60" });
      nfe.tagProdIBSCBS(i, {
        CST: "000", cClassTrib: "000001",
        gIBSCBS: { vBC: "99.99", gIBSUF: { pIBSUF: "0.10", vIBSUF: "0.10" }, gIBSMun: { pIBSMun: "0.00", vIBSMun: "0.00" }, vIBS: "0.10", gCBS: { pCBS: "0.90", vCBS: "0.90" } },
      });
    }
    nfe.tagTotal({ ICMSTot: { vBC: "999.90", vICMS: "180.00", vPIS: "16.50", vCOFINS: "76.00" } });
    nfe.tagTransp({ modFrete: "9" });
    nfe.tagDetPag([{ indPag: "0", tPag: "01", vPag: "999.90" }]);
    return nfe.xml();
  }

  return {
    build,
    sign: (xml) => tools.xmlSign(xml, { tag: "infNFe" }) as Promise<string>,
    validate: (xml) => tools.validarNFe(xml),
  };
}
