import { Document, Image, Page, Text, View } from "@react-pdf/renderer";
import { AccessKeyBarcode } from "@/lib/danfe/access-key-barcode";
import { LogoImage, type DanfeLogo } from "@/lib/danfe/danfe-logo";
import { danfeStyles as s, Field, Section, Watermarks } from "@/lib/danfe/danfe-fields";
import { formatAccessKey, formatDateTime, formatDocument, formatMoney, formatQuantity } from "@/lib/danfe/format";
import type { DamdfeData } from "./damdfe-data";

// DAMDFE (Documento Auxiliar do MDF-e), A4 portrait, modal rodoviário (MOC MDF-e 3.00a, Anexo
// "Leiaute do DAMDFE": identification of the issuer, the key with its barcode and the QR Code,
// the authorization protocol, modal, vehicles and drivers, the documents' keys and totals).
// The key's barcode is CODE-128C, or the hybrid C/A for a key with letters (lib/danfe).
// The company's logo, when it prints one, goes in the issuer's box left of its name, as on the
// DANFE and as DAMDFE generators place it (nfephp-org/sped-da src/MDFe/Damdfe.php: the issuer
// identification with the logo on its left); the MOC's DAMDFE annex itself was not read here.

/** The logo's box in the issuer's field: the field is 80 pt tall; the name and address keep the rest. */
const LOGO_BOX = { width: 70, height: 62 };
/** The preview's mark, the DANFE's words (lib/danfe/danfe-fields.tsx): no fiscal value, nothing was issued. */
const PREVIEW_MARK = "PRÉ-VISUALIZAÇÃO – SEM VALOR FISCAL";

export function DamdfeDocument({ data, logo }: { data: DamdfeData; logo?: DanfeLogo }) {
  return (
    <Document title={data.preview ? "DAMDFE (pré-visualização)" : `DAMDFE ${data.accessKey}`} author={data.issuer.name} producer="fiscal-issuer">
      <Page size="A4" style={{ ...s.page, minHeight: 841.89 }}>
        <View style={s.frame}>
          <View style={s.row}>
            <View style={[s.field, { flex: 1.3, minHeight: 80 }]}>
              <Text style={s.label}>EMITENTE</Text>
              <View style={{ flexDirection: "row", alignItems: "center" }}>
                {logo ? (
                  <View style={{ width: LOGO_BOX.width, marginRight: 6, alignItems: "center" }}>
                    <LogoImage logo={logo} maxWidth={LOGO_BOX.width} maxHeight={LOGO_BOX.height} center />
                  </View>
                ) : null}
                <View style={{ flex: 1 }}>
                  <Text style={[s.bold, { fontSize: 9, marginTop: 3 }]}>{data.issuer.name}</Text>
                  <Text style={s.value}>{data.issuer.address}</Text>
                  <Text style={s.value}>{`CNPJ ${formatDocument(data.issuer.cnpj)}  IE ${data.issuer.stateRegistration}`}</Text>
                  {data.rntrc ? <Text style={s.value}>{`RNTRC ${data.rntrc}`}</Text> : null}
                </View>
              </View>
            </View>
            <View style={[s.field, { width: 100, alignItems: "center", justifyContent: "center" }]}>
              {data.qrCodePng ? (
                // eslint-disable-next-line jsx-a11y/alt-text -- @react-pdf's Image is drawn into the PDF and has no alt attribute
                <Image src={data.qrCodePng} style={{ width: 80, height: 80 }} />
              ) : (
                <Text style={[s.bold, { fontSize: 7, textAlign: "center", color: "#c00000" }]}>{PREVIEW_MARK}</Text>
              )}
            </View>
          </View>
          <View style={[s.field, { alignItems: "center" }]}>
            <Text style={[s.bold, { fontSize: 12 }]}>DAMDFE - Documento Auxiliar de Manifesto Eletrônico de Documentos Fiscais</Text>
            {data.preview ? <Text style={[s.bold, { color: "#c00000", fontSize: 11, marginTop: 4 }]}>{PREVIEW_MARK}</Text> : null}
          </View>
        </View>
        <Section title="Identificação">
          <View style={[s.field, { alignItems: "center", paddingVertical: 3 }]}>
            {data.preview ? (
              <Text style={[s.bold, { color: "#c00000", fontSize: 9, paddingVertical: 10 }]}>{`${PREVIEW_MARK} - sem chave de acesso`}</Text>
            ) : (
              <AccessKeyBarcode accessKey={data.accessKey} width={340} height={34} />
            )}
          </View>
          <Field label="Chave de acesso" value={data.preview ? "" : formatAccessKey(data.accessKey)} bold />
          <View style={s.row}>
            <Field label="Modelo" value="58" width={45} />
            <Field label="Série" value={String(data.series).padStart(3, "0")} width={45} />
            <Field label="Número" value={data.number === null ? "" : String(data.number)} width={70} />
            <Field label="Folha" value="1/1" width={40} />
            <Field label="Data e hora de emissão" value={formatDateTime(data.issuedAt)} width={110} />
            <Field label="UF carreg." value={data.startUf} width={55} />
            <Field label="UF descarreg." value={data.endUf} width={65} />
            <Field label="Percurso" value={data.route.join(" - ") || "-"} />
          </View>
          <View style={s.row}>
            <Field
              label="Protocolo de autorização"
              value={
                data.protocol
                  ? `${data.protocol} - ${formatDateTime(data.authorizedAt ?? undefined)}`
                  : data.contingency
                    ? "EMISSÃO EM CONTINGÊNCIA - transmitir à SEFAZ em até 168 horas"
                    : data.preview
                      ? PREVIEW_MARK
                      : "SEM AUTORIZAÇÃO"
              }
              flex={1.4}
            />
            <Field label="Situação" value={data.situation} />
            <Field label="Modal" value="Rodoviário de carga" />
          </View>
        </Section>
        <Section title="Totais">
          <View style={s.row}>
            <Field label="Qtd. NF-e" value={String(data.documents.length)} width={70} />
            <Field label={`Peso total (${data.cargoUnit === "02" ? "t" : "kg"})`} value={formatQuantity(data.cargoQuantity)} />
            <Field label="Valor total da carga (R$)" value={formatMoney(data.cargoValue)} />
            <Field label="Produto predominante" value={data.product} flex={1.6} />
          </View>
        </Section>
        <Section title="Veículos">
          {data.vehicles.map((v) => (
            <View key={v.plate} style={s.row}>
              <Field label="Placa" value={v.plate} width={80} />
              <Field label="RENAVAM" value={v.renavam ?? ""} width={100} />
              <Field label="UF" value={v.uf ?? ""} width={40} />
              <Field label="Tara (kg)" value={v.tareKg} width={70} />
              <Field label="Capacidade (kg)" value={v.capacityKg ?? ""} />
              <Field label="Tipo" value={v.kind} />
            </View>
          ))}
        </Section>
        <Section title="Condutores">
          {data.drivers.map((d) => (
            <View key={d.cpf} style={s.row}>
              <Field label="CPF" value={formatDocument(d.cpf)} width={120} />
              <Field label="Nome" value={d.name} />
            </View>
          ))}
        </Section>
        <Section title="Documentos vinculados (chaves de acesso)">
          {data.documents.map((d) => (
            <View key={d.accessKey} style={s.row}>
              <Field label="NF-e" value={formatAccessKey(d.accessKey)} flex={2} />
              <Field label="Município de descarregamento" value={d.municipality} />
            </View>
          ))}
        </Section>
        {data.additionalInfo ? (
          <Section title="Informações complementares">
            <View style={s.field}>
              <Text style={s.value}>{data.additionalInfo}</Text>
            </View>
          </Section>
        ) : null}
        {/* The preview's mark replaces the homologation one, as on the DANFE. */}
        <Watermarks homologation={data.homologation && !data.preview} cancelled={data.situation === "CANCELADO"} preview={data.preview} pageHeight={841.89} />
        {/* The DAMDFE of a contingency MDF-e says so in its body (MOC MDF-e 3.00a; the SVRS's guidance: "CONTINGÊNCIA"). */}
        {data.contingency ? <Text fixed style={[s.watermark, { color: "#b06000", opacity: 0.5, top: 250, fontSize: 30 }]}>CONTINGÊNCIA</Text> : null}
      </Page>
    </Document>
  );
}
