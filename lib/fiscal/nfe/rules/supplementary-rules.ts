import { createHash } from "node:crypto";
import { NFCE_ONLY, type BusinessRule } from "./business-rule";
import { str } from "./nfe-view";

// Group ZX (infNFeSupl, NFC-e QR code): MOC 4.00 Anexo I, NT 2015.002 and
// NT 2025.001 (version 3). The CSC hash of version 2 (464) is checked only
// where the CSC is known: before sending; the simulator does not hold it.

export const nfceQrCodeRule: BusinessRule = {
  id: "ZX01-10", name: "nfce-qr-code-present", cStat: "394", models: NFCE_ONLY,
  xMotivo: "Rejeição: Nota Fiscal sem a informação do QR-Code",
  check: (nfe) => (str(nfe.supl?.qrCode) === "" ? { detail: "sem infNFeSupl/qrCode" } : null),
};

export const nfceQrCodeKeyRule: BusinessRule = {
  id: "ZX02-228", name: "nfce-qr-code-key", cStat: "397", models: NFCE_ONLY,
  xMotivo: "Rejeição: Parâmetro do QR-Code divergente da Nota Fiscal: [Param: chAcesso]",
  check(nfe) {
    const qr = str(nfe.supl?.qrCode);
    const key = /[?&]p=([0-9A-Z]{44})/.exec(qr)?.[1];
    return qr === "" || key === nfe.accessKey ? null : { detail: `chave do QR-Code ${key ?? "ausente"}` };
  },
};

export const nfceQrCodeHashRule: BusinessRule = {
  id: "ZX02-320", name: "nfce-qr-code-hash", cStat: "464", models: NFCE_ONLY,
  xMotivo: "Rejeição: Código de Hash no QR-Code difere do calculado",
  check(nfe, context) {
    // Version 2 online: p=chave|2|tpAmb|idCSC|SHA-1(chave|2|tpAmb|idCSC + CSC), upper-case hex.
    const parameters = /[?&]p=([^&]*)/.exec(str(nfe.supl?.qrCode))?.[1]?.split("|") ?? [];
    if (!context.csc || parameters[1] !== "2" || parameters.length !== 5) return null;
    const fields = parameters.slice(0, 4).join("|");
    const expected = createHash("sha1").update(fields + context.csc.secret).digest("hex").toUpperCase();
    return parameters[4]!.toUpperCase() === expected ? null : { detail: `cHashQRCode ${parameters[4]}` };
  },
};
