import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import {
  addTransportManifestDocumentsContract,
  addTransportManifestDriverContract,
  cancelTransportManifestContract,
  closeTransportManifestContract,
  createTransportManifestContract,
  getTransportManifestContract,
  listTransportManifestsContract,
  previewTransportManifestContract,
  transportManifestDamdfeContract,
  transportManifestEventXmlContract,
  transportManifestXmlContract,
} from "./contracts";

// The dashboard's "Manifestos (MDF-e)" (issue 55 item 6): the same operations as /v1/transport-manifests,
// under the session (handleSession: the company from the path, scoped to the user's tenant; writes
// refused to SUPPORT). Bodies, answers and errors are the public contracts'.

const base = "/api/dashboard/companies/{companyId}/transport-manifests";
const TAG = "Dashboard: transport manifests";
const params = z.object({ companyId: z.string().min(1) });
const memberParams = params.extend({ id: z.string().min(1).max(64) });

export const dashboardListTransportManifestsContract = defineContract({
  ...listTransportManifestsContract,
  path: base,
  tag: TAG,
  scope: null,
  params,
});

/** "Novo manifesto": the same body and answer as POST /v1/transport-manifests. */
export const dashboardCreateTransportManifestContract = defineContract({ ...createTransportManifestContract, path: base, tag: TAG, scope: null, params });

export const dashboardGetTransportManifestContract = defineContract({ ...getTransportManifestContract, path: `${base}/{id}`, tag: TAG, scope: null, params: memberParams });
export const dashboardTransportManifestXmlContract = defineContract({ ...transportManifestXmlContract, path: `${base}/{id}/xml`, tag: TAG, scope: null, params: memberParams });
export const dashboardTransportManifestDamdfeContract = defineContract({ ...transportManifestDamdfeContract, path: `${base}/{id}/damdfe`, tag: TAG, scope: null, params: memberParams });
export const dashboardCloseTransportManifestContract = defineContract({ ...closeTransportManifestContract, path: `${base}/{id}/close`, tag: TAG, scope: null, params: memberParams });
export const dashboardCancelTransportManifestContract = defineContract({ ...cancelTransportManifestContract, path: `${base}/{id}/cancel`, tag: TAG, scope: null, params: memberParams });
export const dashboardAddTransportManifestDriverContract = defineContract({ ...addTransportManifestDriverContract, path: `${base}/{id}/drivers`, tag: TAG, scope: null, params: memberParams });
/** "Incluir NF-e" of a manifest loaded later (110115): the same body and answer as POST /v1/transport-manifests/{id}/documents. */
export const dashboardAddTransportManifestDocumentsContract = defineContract({ ...addTransportManifestDocumentsContract, path: `${base}/{id}/documents`, tag: TAG, scope: null, params: memberParams });

/** "Pré-visualizar DAMDFE" of the Novo manifesto form: the body it would post, printed without fiscal value. */
export const dashboardPreviewTransportManifestContract = defineContract({ ...previewTransportManifestContract, path: `${base}/preview`, tag: TAG, scope: null, params });
export const dashboardTransportManifestEventXmlContract = defineContract({
  ...transportManifestEventXmlContract,
  path: `${base}/{id}/events/{eventId}/xml`,
  tag: TAG,
  scope: null,
  params: memberParams.extend({ eventId: z.string().min(1).max(64) }),
});
