// DANFSe v2.0 of the national NFS-e.
export { renderDanfse, danfseQrContent } from "./render-danfse";
export { parseNfse, type DanfseData } from "./parse-nfse";
