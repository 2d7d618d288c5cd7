import { Document, Page } from "@react-pdf/renderer";
import type { DanfeData } from "./danfe-data";
import { danfeStyles as s, Watermarks } from "./danfe-fields";
import { AdditionalInfoBlock, InvoiceBlock, RecipientBlock, TaxBlock, TransportBlock } from "./danfe-nfe-blocks";
import { IssuerHeader, ReceiptStub } from "./danfe-nfe-header";
import { ItemsBlock } from "./danfe-nfe-items";
import { fitsOnOnePage } from "./one-page";

/** DANFE of the NF-e (model 55), A4 portrait (MOC 7.0, Anexo II). */
export function DanfeNfeDocument({ data, cancelled }: { data: DanfeData; cancelled: boolean }) {
  const onePage = fitsOnOnePage(data);
  return (
    <Document title={`DANFE ${data.accessKey}`} author={data.issuer.name} producer="fiscal-issuer">
      <Page size="A4" orientation="portrait" style={s.page} wrap={!onePage}>
        <ReceiptStub data={data} />
        <IssuerHeader data={data} onePage={onePage} />
        <RecipientBlock data={data} />
        <InvoiceBlock data={data} />
        <TaxBlock data={data} />
        <TransportBlock data={data} />
        <ItemsBlock data={data} />
        <AdditionalInfoBlock data={data} />
        <Watermarks homologation={data.homologation} cancelled={cancelled} />
      </Page>
    </Document>
  );
}
