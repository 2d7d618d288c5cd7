import { NFCE_ONLY, type BusinessRule } from "./business-rule";
import { str } from "./nfe-view";

// Group ZX (infNFeSupl, NFC-e QR code): MOC 4.00 Anexo I, NT 2015.002 and
// NT 2025.001 (version 3). The CSC hash of version 2 (464) is checked only
// where the authority knows the CSC, which the simulator does not.

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
