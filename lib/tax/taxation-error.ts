/** Resolved parameters that cannot produce the taxes emission needs; the caller maps it to 422 invalid_taxation. */
export class TaxationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TaxationError";
  }
}
