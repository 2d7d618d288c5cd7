import { Text, View } from "@react-pdf/renderer";
import { AccessKeyBarcode, ACCESS_KEY_BARCODE_WIDTH, accessKeyQuietZone } from "./access-key-barcode";
import type { DanfeData } from "./danfe-data";
import type { DanfeSheet } from "./danfe-nfe-pages";
import { FieldRows } from "./danfe-field-row";
import { LogoImage, type DanfeLogo } from "./danfe-logo";
import { danfeStyles as s, Field } from "./danfe-fields";
import { formatAccessKey, formatDateTime, formatDocument, formatZipCode } from "./format";

// Canhoto and the issuer/DANFE/key block (MOC Anexo II, quadros 1 and 2).

export function ReceiptStub({ data, height }: { data: DanfeData; height?: number }) {
  return (
    <View style={[s.frame, s.row, height ? { height } : {}]}>
      <View style={[s.stack, { flex: 1 }]}>
        <Field label="Canhoto">
          <Text style={s.value}>{`RECEBEMOS DE ${data.issuer.name} OS PRODUTOS E/OU SERVIÇOS CONSTANTES DA NOTA FISCAL ELETRÔNICA INDICADA AO LADO`}</Text>
        </Field>
        <View style={s.row}>
          <Field label="Data de recebimento" width={110} value="" />
          <Field label="Identificação e assinatura do recebedor" value="" />
        </View>
      </View>
      <View style={[s.field, { width: 90, alignItems: "center", justifyContent: "center" }]}>
        <Text style={[s.bold, { fontSize: 12 }]}>NF-e</Text>
        <Text style={[s.bold, { fontSize: 10 }]}>{`Nº ${formatNumber(data.number)}`}</Text>
        <Text style={[s.bold, { fontSize: 10 }]}>{`SÉRIE ${formatSeries(data.series)}`}</Text>
      </View>
    </View>
  );
}

/** nNF printed as 000.000.001 (MOC Anexo II); a preview has no number yet. */
export function formatNumber(value: string): string {
  if (!value) return "A DEFINIR";
  return value.padStart(9, "0").replace(/^(\d{3})(\d{3})(\d{3})$/, "$1.$2.$3");
}

const formatSeries = (value: string) => value.padStart(3, "0");

// MOC 7.0, 7.7.4: "DANFE" bold of at least 12 pt; number, series, sheet and
// tpNF bold of at least 10 pt; the other captions 6 pt (danfe-fields.tsx).
// The issuer's logo in "identificação do emitente" (MOC 7.0 Anexo II: the field may carry the
// issuer's logo beside its name and address), inside the box's usual height so the sheet's
// fixed header height (danfe-nfe-pages.ts) holds: at most 40 × 36 pt beside the name (the box is narrow, see KEY_COLUMN_WIDTH), proportions kept.
const LOGO_BOX = { width: 40, height: 36 };
// The key's column holds the barcode at the NT's minimum width with its clear margins (access-key-barcode.tsx):
// wider than the MOC's 8.03 cm box, so the issuer's box gives up the difference.
const KEY_COLUMN_WIDTH = Math.ceil(ACCESS_KEY_BARCODE_WIDTH + 2 * accessKeyQuietZone(ACCESS_KEY_BARCODE_WIDTH) + 4);

export function IssuerHeader({ data, sheet, width, logo }: { data: DanfeData; sheet: DanfeSheet; width: number; logo?: DanfeLogo }) {
  const issuer = data.issuer;
  const address = [issuer.street, issuer.number, issuer.complement].filter(Boolean).join(", ");
  const name = <Text style={[s.bold, { fontSize: logo ? 7 : 9, marginTop: logo ? 0 : 4 }]}>{issuer.name}</Text>;
  const identification = (
    <>
      {logo ? null : name}
      <Text style={s.value}>{address}</Text>
      <Text style={s.value}>{[issuer.district, formatZipCode(issuer.zipCode)].filter(Boolean).join(" - ")}</Text>
      <Text style={s.value}>{[issuer.city, issuer.state].filter(Boolean).join(" - ")}</Text>
      {issuer.phone ? <Text style={s.value}>{`Fone: ${issuer.phone}`}</Text> : null}
    </>
  );
  return (
    <View style={[s.frame, { marginTop: 6 }]}>
      <View style={s.row}>
        <View style={[s.field, { flex: 1, minHeight: 80 }]}>
          <Text style={s.label}>Identificação do emitente</Text>
          {logo ? (
            // The box is narrower than the MOC's since the key's barcode takes 11.5 cm: the logo sits beside the name, the address below both.
            <>
              <View style={{ flexDirection: "row", alignItems: "center" }}>
                <View style={{ width: LOGO_BOX.width, height: LOGO_BOX.height, alignItems: "center", justifyContent: "center", marginRight: 4 }}>
                  <LogoImage logo={logo} maxWidth={LOGO_BOX.width} maxHeight={LOGO_BOX.height} />
                </View>
                <View style={{ flex: 1 }}>{name}</View>
              </View>
              {identification}
            </>
          ) : (
            identification
          )}
        </View>
        <View style={[s.field, { width: 100, alignItems: "center" }]}>
          <Text style={[s.bold, { fontSize: 14 }]}>DANFE</Text>
          <Text style={{ fontSize: 7, textAlign: "center" }}>DOCUMENTO AUXILIAR DA NOTA FISCAL ELETRÔNICA</Text>
          <View style={{ flexDirection: "row", marginTop: 3, alignItems: "center" }}>
            <Text style={{ fontSize: 7 }}>{"0 - ENTRADA\n1 - SAÍDA"}</Text>
            <View style={[s.frame, { marginLeft: 6 }]}>
              <Text style={[s.bold, { fontSize: 12, paddingHorizontal: 3, backgroundColor: "#fff" }]}>{data.operationType}</Text>
            </View>
          </View>
          <Text style={[s.bold, { fontSize: 10, marginTop: 3 }]}>{`Nº ${formatNumber(data.number)}`}</Text>
          <Text style={[s.bold, { fontSize: 10 }]}>{`SÉRIE ${formatSeries(data.series)}`}</Text>
          <Text style={[s.bold, { fontSize: 10 }]}>{`FOLHA ${sheet.number}/${sheet.total}`}</Text>
        </View>
        <View style={[s.stack, { width: KEY_COLUMN_WIDTH }]}>
          <View style={[s.field, { alignItems: "center", paddingVertical: 3 }]}>
            {/* 11.5 cm for 277 modules (X ≈ 0.42 mm; 365 modules of a key with letters: X ≈ 0.32 mm), 10 X of clear margin each side. */}
            {data.preview ? (
              <Text style={[s.bold, { fontSize: 9, textAlign: "center", paddingVertical: 8 }]}>PRÉ-VISUALIZAÇÃO – SEM VALOR FISCAL</Text>
            ) : (
              <AccessKeyBarcode accessKey={data.accessKey} width={ACCESS_KEY_BARCODE_WIDTH} height={30} />
            )}
          </View>
          <Field label="Chave de acesso" value={data.preview ? "" : formatAccessKey(data.accessKey)} align="center" bold />
          <View style={[s.field, { justifyContent: "center" }]}>
            <Text style={{ fontSize: 7, textAlign: "center" }}>
              Consulta de autenticidade no portal nacional da NF-e www.nfe.fazenda.gov.br/portal ou no site da Sefaz Autorizadora
            </Text>
          </View>
        </View>
      </View>
      <FieldRows
        width={width}
        rows={[
          [
            { label: "Natureza da operação", value: data.operationNature, flex: 1.6 },
            { label: "Protocolo de autorização de uso", value: data.protocol ? `${data.protocol.number} - ${formatDateTime(data.protocol.receivedAt)}` : "", flex: 1 },
          ],
          [
            { label: "Inscrição estadual", value: issuer.stateRegistration },
            { label: "Inscrição estadual do subst. trib.", value: "" },
            { label: "CNPJ", value: formatDocument(issuer.document) },
          ],
        ]}
      />
    </View>
  );
}

/**
 * The canhoto of the landscape DANFE (MOC Anexo IV): the same stub turned a
 * quarter to the left along the sheet's left edge. The stub is laid out
 * horizontally, `length` long, and rotated about its centre into a strip
 * `width` wide.
 */
export function VerticalReceiptStub({ data, width, length }: { data: DanfeData; width: number; length: number }) {
  return (
    <View style={{ width, height: length }}>
      <View style={{ position: "absolute", width: length, height: width, left: (width - length) / 2, top: (length - width) / 2, transform: "rotate(-90deg)" }}>
        <ReceiptStub data={data} height={width} />
      </View>
    </View>
  );
}
