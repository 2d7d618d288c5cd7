import path from "node:path";

/** The team's shared reference material (../shared beside the repository: schemas, examples, SEFAZ and NFS-e rules). */
export const SHARED_DIR = path.resolve(import.meta.dirname, "..", "..", "shared");
