// Stable application error codes. The first block is the spec's table
// (api.md, Errors → Known application codes); the rest are our documented
// additions for cases the spec leaves open (README, API notes).
export const ErrorCode = {
  invalid_api_key: "invalid_api_key",
  insufficient_scope: "insufficient_scope",
  validation_error: "validation_error",
  invalid_duplicates: "invalid_duplicates",
  invalid_client: "invalid_client",
  invalid_tax_rule: "invalid_tax_rule",
  invalid_product: "invalid_product",
  invalid_cest: "invalid_cest",
  invalid_cfop: "invalid_cfop",
  invalid_taxation: "invalid_taxation",
  duplicate_code: "duplicate_code",
  invalid_template: "invalid_template",
  template_type_mismatch: "template_type_mismatch",
  webhook_unreachable: "webhook_unreachable",
  document_without_outcome: "document_without_outcome",
  no_active_webhook_endpoint: "no_active_webhook_endpoint",
  // Webhooks (docs/api-notes/webhooks.md): a host that is or resolves to a non-public address; a redelivery to an inactive endpoint.
  invalid_webhook_url: "invalid_webhook_url",
  webhook_endpoint_inactive: "webhook_endpoint_inactive",
  // More endpoints than one company may have (WEBHOOK_ENDPOINTS_PER_COMPANY, docs/api-notes/webhooks.md).
  webhook_endpoint_limit: "webhook_endpoint_limit",

  not_found: "not_found",
  route_not_found: "route_not_found",
  method_not_allowed: "method_not_allowed",
  payload_too_large: "payload_too_large",
  malformed_json: "malformed_json",
  unsupported_media_type: "unsupported_media_type",
  conflict: "conflict",
  client_has_documents: "client_has_documents",
  duplicate_document: "duplicate_document",
  invalid_carrier: "invalid_carrier",
  invalid_plate: "invalid_plate",
  // A vehicle on an operation that admits none (SEFAZ 868: interstate NF-e).
  invalid_transport: "invalid_transport",
  duplicate_plate: "duplicate_plate",
  rate_limited: "rate_limited",
  internal_error: "internal_error",
  // Internal dashboard routes (lib/api/handle-session.ts).
  session_required: "session_required",
  // GET /metrics without its bearer token (METRICS_TOKEN; docs/api-notes/status.md).
  invalid_metrics_token: "invalid_metrics_token",
  forbidden_role: "forbidden_role",
  // Users and roles (docs/api-notes/users-and-roles.md).
  email_taken: "email_taken",
  last_active_admin: "last_active_admin",
  cannot_deactivate_self: "cannot_deactivate_self",
  // Passwords (issue 36 item 10): the current password typed wrong, a new one equal to it or to the email,
  // an ADMIN resetting their own (they change it instead), a route before the temporary password is changed.
  current_password_incorrect: "current_password_incorrect",
  password_not_allowed: "password_not_allowed",
  cannot_reset_own_password: "cannot_reset_own_password",
  password_change_required: "password_change_required",
  // Dashboard mutations from another origin (lib/api/same-origin.ts).
  cross_origin_request: "cross_origin_request",
  service_unavailable: "service_unavailable",
  // The client closed the request before the answer (never seen by it; not logged as an error).
  client_disconnected: "client_disconnected",

  // Company setup and emission prerequisites.
  // One company per CNPJ and environment in the whole installation (docs/api-notes/companies.md).
  company_exists: "company_exists",
  // A certificate of a CNPJ another company proved first (CnpjReservation); emission of a company that does not hold its CNPJ's reservation.
  cnpj_reserved: "cnpj_reserved",
  certificate_missing: "certificate_missing",
  certificate_expired: "certificate_expired",
  certificate_invalid: "certificate_invalid",
  certificate_password_invalid: "certificate_password_invalid",
  certificate_cnpj_mismatch: "certificate_cnpj_mismatch",
  fiscal_settings_incomplete: "fiscal_settings_incomplete",
  csc_missing: "csc_missing",
  // The client's edit since creation changes the classification the taxes were resolved with.
  client_changed: "client_changed",

  // Exports for the accountant (docs/api-notes/exports.md): downloaded before READY, after the 7 days, or by an altered signed link.
  export_not_ready: "export_not_ready",
  export_expired: "export_expired",
  invalid_download_link: "invalid_download_link",

  // Document lifecycle.
  invalid_status: "invalid_status",
  // A resend of a document with no address to send to (docs/api-notes/email.md).
  email_recipient_missing: "email_recipient_missing",
  // Statuses beyond the spec's (docs/api-notes/documents.md): the number is used for good.
  document_denied: "document_denied",
  document_inutilized: "document_inutilized",
  // PATCH of a document that is not DRAFT or REJECTED (docs/api-notes/documents.md).
  document_not_editable: "document_not_editable",
  cancel_deadline_expired: "cancel_deadline_expired",
  delivery_receipt_registered: "delivery_receipt_registered",
  delivery_receipt_missing: "delivery_receipt_missing",
  delivery_receipt_not_allowed: "delivery_receipt_not_allowed",
  correction_not_allowed: "correction_not_allowed",
  cancellation_reason_not_allowed: "cancellation_reason_not_allowed",
  correction_deadline_expired: "correction_deadline_expired",
  correction_limit_reached: "correction_limit_reached",
  invalid_proof: "invalid_proof",
  authority_rejected: "authority_rejected",
  authority_unavailable: "authority_unavailable",
  // Another synchronous authority call on the same document or range (lib/authority-calls).
  authority_call_in_progress: "authority_call_in_progress",
  schema_validation_failed: "schema_validation_failed",
  inutilization_range_in_use: "inutilization_range_in_use",
  // A range at or above the series' next number, without advanceSeries (docs/api-notes/inutilizations.md).
  inutilization_range_not_issued: "inutilization_range_not_issued",
  document_not_available: "document_not_available",
  nfse_multiple_services: "nfse_multiple_services",
  // Printing (docs/api-notes/printing.md): an option or preview that does not apply to the document.
  print_option_not_applicable: "print_option_not_applicable",
  preview_not_applicable: "preview_not_applicable",
  // The company's logo (docs/api-notes/branding.md): not a PNG/JPEG, damaged, too large or of a refused size.
  invalid_logo: "invalid_logo",
  // NFS-e of a city with its own system (docs/api-notes/nfse-municipal.md): what this integration does not do there yet.
  nfse_provider_unsupported: "nfse_provider_unsupported",
  // The signed RPS no longer matches the city's system on its date (a table change between preparation and send).
  nfse_provider_changed: "nfse_provider_changed",

  // Integrator API (docs/api.md, Idempotency; docs/api-notes/companies.md, authentication.md).
  idempotency_key_reused: "idempotency_key_reused",
  idempotency_key_in_use: "idempotency_key_in_use",
  duplicate_external_id: "duplicate_external_id",
  company_required: "company_required",

  // Received documents (docs/api-notes/received-documents.md): the full XML has not arrived
  // (before the company's ciência); a manifestation the order rules do not allow.
  xml_not_available: "xml_not_available",
  manifestation_not_allowed: "manifestation_not_allowed",

  // The tax reform's IBS/CBS events (docs/api-notes/reform-events.md): an event the NT's rules do not
  // allow on this document (model, status, author, items); a 110001 on an event that cannot be cancelled.
  reform_event_not_allowed: "reform_event_not_allowed",
  event_not_cancellable: "event_not_cancellable",

  // Lookups and sync (docs/api-notes/lookups.md): a state without a taxpayer registry service; an NF-e to a
  // contributor whose registration the state's registry shows inactive or missing (stopped before numbering).
  taxpayer_lookup_unavailable: "taxpayer_lookup_unavailable",
  recipient_registration_inactive: "recipient_registration_inactive",
  sync_not_applicable: "sync_not_applicable",
  // Importing documents issued elsewhere (docs/api-notes/import.md, issue 56 item 3).
  import_invalid_document: "import_invalid_document",
  import_other_company: "import_other_company",
  import_environment_mismatch: "import_environment_mismatch",
  import_number_in_use: "import_number_in_use",
  import_not_at_authority: "import_not_at_authority",
  duplicate_access_key: "duplicate_access_key",
  // MDF-e (docs/api-notes/mdfe.md): a modal not built yet; a carried document, vehicle, municipality
  // or route the manifest cannot take; a driver already on the manifest or an eleventh one.
  unsupported_modal: "unsupported_modal",
  invalid_document: "invalid_document",
  invalid_vehicle: "invalid_vehicle",
  invalid_municipality: "invalid_municipality",
  invalid_route: "invalid_route",
  driver_already_listed: "driver_already_listed",
  driver_limit_reached: "driver_limit_reached",
  // What the SVRS refuses around the carregamento posterior (indCarregaPosterior) and the payment
  // event 110116, refused before the call (docs/api-notes/mdfe.md): 708, 712, 715, 710, 636, 723.
  loading_later_required: "loading_later_required",
  loading_later_pending: "loading_later_pending",
  loading_later_without_documents: "loading_later_without_documents",
  cancel_not_allowed: "cancel_not_allowed",
  payment_already_registered: "payment_already_registered",
  vehicle_owner_not_tac_aggregated: "vehicle_owner_not_tac_aggregated",
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
