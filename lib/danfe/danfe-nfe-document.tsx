import { Document, Page, Text, View } from "@react-pdf/renderer";
import type { DanfeData } from "./danfe-data";
import { danfeStyles as s, frameInnerWidth, Watermarks } from "./danfe-fields";
import { AdditionalInfoBlock, AdditionalInfoContinuation, InvoiceBlock, RecipientBlock, TaxBlock, TransportBlock } from "./danfe-nfe-blocks";
import { IssuerHeader, ReceiptStub, VerticalReceiptStub } from "./danfe-nfe-header";
import { ItemsBlock } from "./danfe-nfe-items";
import { danfeGeometry, firstSheetGeometry, FOOTER_HEIGHT, installmentsPerRow, LANDSCAPE_STUB_WIDTH, paginateDanfe, type DanfeOrientation } from "./danfe-nfe-pages";
import type { DanfeLogo } from "./danfe-logo";
import { pdfCreationDate } from "./pdf-creation-date";

/**
 * DANFE of the NF-e (model 55) on A4 sheets (MOC 7.0, Anexo II portrait,
 * Anexo IV landscape). Each sheet is one fixed page (minHeight: react-pdf
 * sizes an unwrapped page to its content otherwise); the items were split
 * over the sheets beforehand (danfe-nfe-pages.ts).
 */
type Props = { data: DanfeData; cancelled: boolean; orientation: DanfeOrientation; logo?: DanfeLogo; receiptStub?: boolean; footerMessage?: string };

export function DanfeNfeDocument({ data, cancelled, orientation, logo, receiptStub = true, footerMessage }: Props) {
  const geometry = danfeGeometry(orientation, { receiptStub, footer: !!footerMessage });
  const sheets = paginateDanfe(data, geometry);
  const later = sheets.filter((sheet) => !sheet.first);
  const infoContinues = later.some((sheet) => sheet.additionalInfo.length > 0);
  const fiscoContinues = later.some((sheet) => sheet.fiscoInfo.length > 0);
  const pageStyle = { ...s.page, padding: geometry.margin, minHeight: geometry.pageHeight };
  return (
    <Document title={data.preview ? "DANFE (pré-visualização)" : `DANFE ${data.accessKey}`} author={data.issuer.name} producer="fiscal-issuer" creationDate={pdfCreationDate(data.protocol?.receivedAt, data.issuedAt)}>
      {sheets.map((sheet) => {
        const sheetGeometry = sheet.first ? firstSheetGeometry(geometry) : geometry;
        const rowWidth = frameInnerWidth(sheetGeometry.contentWidth);
        const blocks = (
          <>
            {sheet.first && geometry.receiptStub && !geometry.stubStrip ? <ReceiptStub data={data} /> : null}
            <IssuerHeader data={data} sheet={sheet} width={rowWidth} logo={logo} />
            {sheet.first ? (
              <>
                <RecipientBlock data={data} width={rowWidth} />
                <InvoiceBlock data={data} perRow={installmentsPerRow(sheetGeometry)} width={rowWidth} />
                <TaxBlock data={data} width={rowWidth} />
                <TransportBlock data={data} width={rowWidth} />
              </>
            ) : null}
            {/* The items take the sheet's free height, so "dados adicionais" sits at its foot. */}
            <View style={{ flexGrow: 1 }}>
              <ItemsBlock items={sheet.items} continued={!sheet.first} geometry={sheetGeometry} />
            </View>
            {sheet.first ? (
              <AdditionalInfoBlock
                complementary={{ lines: sheet.additionalInfo, continues: infoContinues }}
                fisco={{ lines: sheet.fiscoInfo, continues: fiscoContinues }}
              />
            ) : null}
            {!sheet.first && sheet.additionalInfo.length + sheet.fiscoInfo.length > 0 ? (
              <AdditionalInfoContinuation complementary={sheet.additionalInfo} fisco={sheet.fiscoInfo} />
            ) : null}
          </>
        );
        return (
          <Page key={sheet.number} size="A4" orientation={orientation} style={pageStyle} wrap={false}>
            {sheet.first && geometry.stubStrip ? (
              // Landscape (Anexo IV): the canhoto down the left edge, the blocks beside it.
              <View style={{ flexDirection: "row", flexGrow: 1, columnGap: geometry.stubStrip - LANDSCAPE_STUB_WIDTH }}>
                <VerticalReceiptStub data={data} width={LANDSCAPE_STUB_WIDTH} length={geometry.contentHeight} />
                <View style={{ flexGrow: 1, flexBasis: 0 }}>{blocks}</View>
              </View>
            ) : (
              blocks
            )}
            {/* The company's footer message (docs/api-notes/branding.md): below the blocks, in the height the pagination kept for it. */}
            {footerMessage ? (
              <View style={{ height: FOOTER_HEIGHT, paddingTop: 1 }}>
                <Text style={{ fontSize: 6, textAlign: "center", maxLines: 2 }}>{footerMessage}</Text>
              </View>
            ) : null}
            <Watermarks homologation={data.homologation && !data.preview} cancelled={cancelled} preview={data.preview ?? false} pageHeight={geometry.pageHeight} />
          </Page>
        );
      })}
    </Document>
  );
}
