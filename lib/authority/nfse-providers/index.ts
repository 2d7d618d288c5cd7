// The NFS-e provider table (issue 57): a company's municipality picks the system that authorizes its NFS-e.
export type * from "./types";
export { ABRASF_CITIES } from "./table";
export { OWN_SYSTEM_CITIES, PAULISTANA } from "./paulistana";
export { nfseProviderFor, isAbrasf, isPaulistana } from "./provider-for";
