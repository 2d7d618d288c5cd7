import { createHash } from "node:crypto";
import { stateInfo } from "@/lib/br";
import { DomainError } from "@/lib/errors";
import { canonicalElement, locateElement } from "@/lib/fiscal/xml/canonical-element";
import { buildAccessKey, isAcceptableCnf, randomCnf } from "./access-key";
import { buildInfAdic, buildInfRespTec } from "./build-additional";
import { buildIde } from "./build-ide";
import { buildDet } from "./build-item";
import { buildDest, buildEmit } from "./build-parties";
import { buildPag } from "./build-payment";
import { buildTotal } from "./build-totals";
import { buildCobr, buildTransp } from "./build-transport";
import { localDateTime } from "./format";
import { buildInfNFeSupl } from "./nfce-qr-code";
import type { BuiltNfe, NfeInput } from "./types";

export const NFE_NAMESPACE = "http://www.portalfiscal.inf.br/nfe";

export type BuildNfeOptions = {
  /** Needed only for the v3 QR code of an offline NFC-e (tpEmis 9). */
  privateKeyPem?: string;
};

/** SHA-1 (base64) of infNFe's C14N form: the DigestValue the XMLDSig Reference to it will carry. */
function infNFeDigest(xml: string): string {
  const location = locateElement(xml, "infNFe");
  if (!location) throw new Error("buildNfe: no infNFe");
  return createHash("sha1").update(canonicalElement(xml, location)).digest("base64");
}

/**
 * The unsigned <NFe> element of an NF-e (55) or NFC-e (65), layout 4.00:
 * infNFe in the schema's order, and infNFeSupl (QR code) on NFC-e. Sign it
 * with signXml(xml, credentials, { tag: "infNFe" }) and validate it with
 * validateXml(xml, "nfe/nfe_v4.00.xsd") — or use buildSignedNfe.
 */
export function buildNfe(input: NfeInput, options: BuildNfeOptions = {}): BuiltNfe {
  if (input.items.length === 0 || input.items.length > 990) {
    throw new DomainError(422, "schema_validation_failed", "An NF-e carries from 1 to 990 items");
  }
  const uf = input.issuer.address.uf;
  const dhEmi = localDateTime(input.issuedAt, uf);
  const cNF = input.cNF ?? randomCnf(input.number);
  if (!isAcceptableCnf(cNF, input.number)) {
    throw new DomainError(422, "schema_validation_failed", `cNF ${cNF} is not allowed (8 digits, different from nNF, not a trivial sequence)`);
  }
  const tpEmis = input.tpEmis ?? "1";
  const accessKey = buildAccessKey({
    cUF: stateInfo(uf).cUF,
    yearMonth: dhEmi.slice(2, 4) + dhEmi.slice(5, 7),
    issuerDocument: input.issuer.cnpj.replace(/[^0-9A-Za-z]/g, "").toUpperCase(),
    model: input.model,
    series: input.series,
    number: input.number,
    tpEmis,
    cNF,
  });
  const id = `NFe${accessKey}`;
  const infNFe =
    `<infNFe Id="${id}" versao="4.00">` +
    buildIde(input, { cNF, cDV: accessKey.slice(43), dhEmi }) +
    buildEmit(input) +
    buildDest(input) +
    input.items.map((item, index) => buildDet(input, item, index + 1)).join("") +
    buildTotal(input) +
    buildTransp(input) +
    buildCobr(input) +
    buildPag(input) +
    buildInfAdic(input) +
    buildInfRespTec(input, accessKey) +
    "</infNFe>";
  const supl =
    input.model === "65"
      ? buildInfNFeSupl({
          accessKey,
          uf,
          environment: input.environment,
          csc: input.csc,
          offline:
            tpEmis === "9"
              ? {
                  issuedAt: dhEmi,
                  vNF: input.totals.icmsTot.vNF,
                  recipient: input.recipient
                    ? { type: input.recipient.document.type, value: input.recipient.document.value.replace(/[^0-9A-Za-z]/g, "").toUpperCase() }
                    : null,
                  privateKeyPem: options.privateKeyPem,
                  // The v2 offline QR carries the signature's DigestValue: the digest of infNFe alone
                  // (infNFeSupl is outside it), so it is known before signing and equals what signXml writes.
                  digestValue: infNFeDigest(`<NFe xmlns="${NFE_NAMESPACE}">${infNFe}</NFe>`),
                }
              : null,
        })
      : "";
  return { xml: `<NFe xmlns="${NFE_NAMESPACE}">${infNFe}${supl}</NFe>`, accessKey, cNF, id };
}
