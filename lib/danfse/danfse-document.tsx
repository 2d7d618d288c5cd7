import { Document, Image, Page, Text, View } from "@react-pdf/renderer";
import { formatAccessKey, formatDate, formatDateTime, formatDocument, formatMoney, formatZipCode } from "@/lib/danfe/format";
import { Block, Field, Row, SHADE, styles } from "./danfse-blocks";
import { AMB_GER, C_STAT, FIN_NFSE, OP_SIMP_NAC, REG_AP_TRIB_SN, REG_ESP_TRIB, TP_EMIT, TP_RET_ISSQN, TRIB_ISSQN } from "./labels";
import type { DanfseData, DanfseParty } from "./parse-nfse";
import { pdfCreationDate } from "@/lib/danfe/pdf-creation-date";
import { LogoImage, type DanfeLogo } from "@/lib/danfe/danfe-logo";

// DANFSe v2.0 (NT SE/CGNFS-e 008 v1.02 of 14/07/2026, the single national
// layout issuers render since the ADN's DANFSe service was suspended on
// 03/08/2026; shared/fiscal/nfse/NOTES.md §5 and docs/api-notes/nfse.md): A4
// portrait, one page, blocks in the NT's order, QR code (useful area ≥ 1.52 cm)
// to the public consultation with the key; "NFS-e SEM VALIDADE JURÍDICA" in red
// in the header in homologation; "CANCELADA" as a diagonal grey (K35) watermark
// of at least 50 pt after cancellation. Only data of the XML; empty fields print "-".

const money = (value: string | null) => (value === null ? null : `R$ ${formatMoney(value)}`);
const label = (table: Record<string, string>, code: string | null) => (code === null ? null : `${code} - ${table[code] ?? code}`);
const rated = (value: string | null, rate: string | null) => (value === null ? null : `${money(value)}${rate === null ? "" : ` (${rate.replace(".", ",")}%)`}`);

function Party({ title, party }: { title: string; party: DanfseParty | null }) {
  if (!party) {
    return (
      <Block title={title}>
        <Row><Field first label="" value="NÃO IDENTIFICADO NA NFS-e" /></Row>
      </Block>
    );
  }
  return (
    <Block title={title}>
      <Row>
        <Field first label="CNPJ / CPF / NIF" value={formatDocument(party.document ?? undefined) || null} />
        <Field label="Inscrição municipal" value={party.municipalRegistration} />
        <Field label="Telefone" value={party.phone} />
        <Field label="E-mail" value={party.email} flex={1.4} />
      </Row>
      <Row>
        <Field first label="Nome / Nome empresarial" value={party.name} flex={2} />
        <Field label="Município" value={party.municipality} />
      </Row>
      <Row>
        <Field first label="Endereço" value={party.address} flex={3} />
        <Field label="CEP" value={party.zipCode ? formatZipCode(party.zipCode) : null} />
      </Row>
    </Block>
  );
}

const PREVIEW_MARK = "PRÉ-VISUALIZAÇÃO – SEM VALOR FISCAL";
// 1.52 cm of useful area (NT 008) is 43.1 pt; 44 pt leaves no doubt.
const QR_SIZE = 44;

/** NT 008: the cancelled NFS-e's watermark, diagonal, grey K35, at least 50 pt, over the whole page. */
function Watermark({ text }: { text: string }) {
  return (
    <View fixed style={{ position: "absolute", top: 0, left: 0, right: 0, bottom: 0, alignItems: "center", justifyContent: "center" }}>
      <Text style={[styles.bold, { fontSize: 90, color: "#a6a6a6", transform: "rotate(-55deg)" }]}>{text}</Text>
    </View>
  );
}

// The provider's logo, when the company has one: in the header's left cell, where the layout draws
// the NFS-e mark, fitted into about 40 × 8.5 mm as nfephp-org/sped-da's DANFSe v2.0 does
// (src/NFSe/Danfse.php, drawLogoImage; the NT itself could not be read: shared/fiscal/nfse/NOTES.md §5).
const LOGO_BOX = { width: 113, height: 26 };

export function DanfseDocument({ data, qrCode, cancelled, logo }: { data: DanfseData; qrCode?: string; cancelled: boolean; logo?: DanfeLogo }) {
  return (
    <Document title={data.preview ? "DANFSe (pré-visualização)" : `DANFSe ${data.accessKey}`} author={data.provider.name ?? ""} producer="fiscal-issuer" creationDate={pdfCreationDate(data.dhProc, data.dhEmi)}>
      <Page size="A4" style={styles.page}>
        <View style={{ flexDirection: "row", alignItems: "center", backgroundColor: SHADE, padding: 3 }}>
          {logo ? (
            <View style={{ width: LOGO_BOX.width, marginRight: 6, alignItems: "center" }}>
              <LogoImage logo={logo} maxWidth={LOGO_BOX.width} maxHeight={LOGO_BOX.height} center />
            </View>
          ) : null}
          <View style={{ flex: 1 }}>
            <Text style={[styles.bold, { fontSize: 11 }]}>DANFSe v2.0</Text>
            <Text style={{ fontSize: 8 }}>Documento Auxiliar da NFS-e</Text>
          </View>
          <View style={{ flex: 1.4, alignItems: "center" }}>
            <Text style={[styles.bold, { fontSize: 9 }]}>{data.xLocEmi ?? "-"}{data.issuerState ? ` / ${data.issuerState}` : ""}</Text>
            <Text style={{ fontSize: 7 }}>{`Ambiente gerador: ${label(AMB_GER, data.ambGer) ?? "-"}`}</Text>
            <Text style={{ fontSize: 7 }}>{`Ambiente: ${data.homologation ? "2 - Homologação (produção restrita)" : "1 - Produção"}`}</Text>
          </View>
        </View>
        {/* The preview's mark replaces the homologation one, as on the DANFE. */}
        {data.preview ? <Text style={[styles.bold, { color: "#c00000", fontSize: 11, textAlign: "center", marginTop: 4 }]}>{PREVIEW_MARK}</Text> : null}
        {data.homologation && !data.preview ? <Text style={[styles.bold, { color: "#c00000", fontSize: 11, textAlign: "center", marginTop: 4 }]}>NFS-e SEM VALIDADE JURÍDICA</Text> : null}

        <Block title="DADOS DA NFS-e">
          <View style={{ flexDirection: "row" }}>
            <View style={{ flex: 1 }}>
              <Row>
                <Field first label="Chave de acesso da NFS-e" value={data.accessKey ? formatAccessKey(data.accessKey) : null} flex={3} />
              </Row>
              <Row>
                <Field first label="Número da NFS-e" value={data.nNFSe} />
                <Field label="Competência" value={formatDate(data.dCompet ?? undefined) || null} />
                <Field label="Data e hora da emissão da NFS-e" value={formatDateTime(data.dhProc ?? undefined) || null} flex={1.4} />
                <Field label="Situação da NFS-e" value={label(C_STAT, data.cStat)} flex={1.4} />
              </Row>
              <Row>
                <Field first label="Número da DPS" value={data.nDPS} />
                <Field label="Série da DPS" value={data.serie} />
                <Field label="Data e hora da emissão da DPS" value={formatDateTime(data.dhEmi ?? undefined) || null} flex={1.4} />
                <Field label="Emitente da NFS-e" value={label(TP_EMIT, data.tpEmit)} flex={1.4} shaded />
              </Row>
              <Row>
                <Field first label="Finalidade" value={label(FIN_NFSE, data.finNFSe)} />
              </Row>
            </View>
            <View style={{ width: 70, alignItems: "center", justifyContent: "center", borderLeftWidth: 0.4, borderColor: "#777", padding: 3 }}>
              {/* react-pdf's Image has no alt (a PDF image, not HTML). */}
              {qrCode ? (
                <>
                  {/* eslint-disable-next-line jsx-a11y/alt-text */}
                  <Image src={qrCode} style={{ width: QR_SIZE, height: QR_SIZE }} />
                  <Text style={{ fontSize: 5, textAlign: "center", marginTop: 2 }}>Consulte a autenticidade em nfse.gov.br/ConsultaPublica</Text>
                </>
              ) : (
                <Text style={[styles.bold, { fontSize: 6, textAlign: "center" }]}>{PREVIEW_MARK}</Text>
              )}
            </View>
          </View>
        </Block>

        <Party title="PRESTADOR / FORNECEDOR" party={data.provider} />
        <Block title="REGIME DO PRESTADOR">
          <Row>
            <Field first label="Simples Nacional" value={label(OP_SIMP_NAC, data.regime.opSimpNac)} />
            <Field label="Regime de apuração (SN)" value={label(REG_AP_TRIB_SN, data.regime.regApTribSN)} flex={1.6} />
            <Field label="Regime especial" value={label(REG_ESP_TRIB, data.regime.regEspTrib)} />
          </Row>
        </Block>
        <Party title="TOMADOR / ADQUIRENTE" party={data.taker} />
        <Block title="DESTINATÁRIO">
          <Row><Field first label="" value={data.taker ? "O próprio tomador / adquirente" : null} /></Row>
        </Block>
        <Block title="INTERMEDIÁRIO">
          <Row><Field first label="" value="NÃO IDENTIFICADO NA NFS-e" /></Row>
        </Block>

        <Block title="SERVIÇO PRESTADO">
          <Row>
            <Field first label="Código de tributação nacional" value={[data.service.cTribNac, data.service.xTribNac].filter(Boolean).join(" - ") || null} flex={3} />
            <Field label="Código de tributação municipal" value={data.service.cTribMun} />
            <Field label="Código NBS" value={data.service.cNBS} />
          </Row>
          <Row>
            <Field first label="Local da prestação" value={data.service.location} />
            <Field label="Município de incidência do ISSQN" value={data.service.incidence} />
          </Row>
          <Row>
            <Field first label="Descrição do serviço" value={data.service.description} />
          </Row>
        </Block>

        <Block title="TRIBUTAÇÃO MUNICIPAL (ISSQN)">
          <Row>
            <Field first label="Tributação do ISSQN" value={label(TRIB_ISSQN, data.municipalTax.tribISSQN)} flex={1.3} />
            <Field label="Retenção do ISSQN" value={label(TP_RET_ISSQN, data.municipalTax.tpRetISSQN)} flex={1.3} />
            <Field label="Base de cálculo" value={money(data.municipalTax.vBC)} />
            <Field label="Alíquota aplicada" value={data.municipalTax.pAliqAplic ? `${data.municipalTax.pAliqAplic.replace(".", ",")}%` : null} />
            <Field label="ISSQN apurado" value={money(data.municipalTax.vISSQN)} />
          </Row>
        </Block>
        <Block title="TRIBUTAÇÃO FEDERAL">
          <Row>
            <Field first label="IRRF retido" value={money(data.federalTax.vRetIRRF)} />
            <Field label="CP (INSS) retida" value={money(data.federalTax.vRetCP)} />
            <Field label="CSLL retida" value={money(data.federalTax.vRetCSLL)} />
            <Field label="PIS" value={money(data.federalTax.vPis)} />
            <Field label="COFINS" value={money(data.federalTax.vCofins)} />
          </Row>
        </Block>
        <Block title="IBS / CBS">
          <Row>
            <Field first label="CST" value={data.ibsCbs?.cst} />
            <Field label="Classificação tributária" value={data.ibsCbs?.cClassTrib} />
            <Field label="Indicador da operação" value={data.ibsCbs?.cIndOp} />
            <Field label="Localidade de incidência" value={data.ibsCbsValues?.incidence} flex={1.6} />
          </Row>
          {/* The amounts Sefin Nacional computed (infNFSe/IBSCBS); the total with IBS/CBS on the NT's 5 % shade. */}
          {data.ibsCbsValues ? (
            <Row>
              <Field first label="Base de cálculo" value={money(data.ibsCbsValues.vBC)} />
              <Field label="IBS UF" value={rated(data.ibsCbsValues.vIbsUf, data.ibsCbsValues.pIbsUf)} />
              <Field label="IBS municipal" value={rated(data.ibsCbsValues.vIbsMun, data.ibsCbsValues.pIbsMun)} />
              <Field label="IBS total" value={money(data.ibsCbsValues.vIbs)} />
              <Field label="CBS" value={rated(data.ibsCbsValues.vCbs, data.ibsCbsValues.pCbs)} />
              <Field label="Total da NFS-e com IBS/CBS" value={money(data.ibsCbsValues.vTotNF)} shaded />
            </Row>
          ) : null}
        </Block>
        <Block title="VALOR TOTAL DA NFS-e">
          <Row>
            <Field first label="Valor do serviço" value={money(data.totals.vServ)} />
            <Field label="Desconto incondicionado" value={money(data.totals.vDescIncond)} />
            <Field label="Total de retenções" value={money(data.totals.vTotalRet)} />
            <Field label="Valor líquido da NFS-e" value={money(data.totals.vLiq)} shaded />
          </Row>
        </Block>
        {/* NT 008 item 2.1.12: the NFS-e's complementary information, then the approximate taxes. */}
        <Block title="INFORMAÇÕES COMPLEMENTARES">
          <Row><Field first label="" value={data.additionalInfo} /></Row>
          {data.approximateTaxes ? <Row><Field first label="Totais aproximados dos tributos" value={data.approximateTaxes} /></Row> : null}
        </Block>
        {cancelled ? <Watermark text="CANCELADA" /> : null}
      </Page>
    </Document>
  );
}
