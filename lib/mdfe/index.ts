// Public surface of the MDF-e (issue 55): the operations the routes call, their contracts, and
// the XML engine for tests and tools. Everything else in lib/mdfe is internal.
export { createTransportManifest, emitTransportManifest } from "./issue-manifest";
export { addTransportManifestDocuments, addTransportManifestDriver, addTransportManifestPayment, cancelTransportManifest, closeTransportManifest } from "./manifest-events";
export { getTransportManifest, getTransportManifestEventXml, getTransportManifestXml, listRecordedOpenTransportManifests, listTransportManifests, manifestEventXmlFile, manifestXmlFile } from "./read-manifests";
export { listOpenTransportManifests } from "./open-manifests";
export { groupByUnloadingMunicipality, type UnloadingGroup, type UnloadingMunicipality } from "./unloading-groups";
export { nfeCargoOf, type NfeCargo } from "./nfe-cargo";
export { cteKeyProblem } from "./cte-keys";
export { acceptsDocumentInclusion } from "./document-inclusion";
export { listInclusionCandidates, listManifestCandidates, type ManifestCandidate, type ManifestVehicleOption } from "./manifest-candidates";
export { transportManifestContracts } from "./contracts";
export { previewTransportManifestDamdfe, renderTransportManifestDamdfe } from "./damdfe/render-damdfe";
export { buildMdfe, MDFE_NAMESPACE } from "./xml/build-mdfe";
export { buildSignedMdfe, validateMdfe } from "./xml/build-signed-mdfe";
export { buildSignedMdfeEvent, type MdfeEventInput } from "./xml/build-event";
export type { MdfeInput, BuiltMdfe } from "./xml/types";
export type { MdfeAuthority } from "./authority/types";
