// DANFSe v2.0 of the national NFS-e.
export { renderDanfse, renderDanfseData, danfseQrContent } from "./render-danfse";
export { parseDpsPreview, parseNfse, type DanfseData, type DanfseParty } from "./parse-nfse";
