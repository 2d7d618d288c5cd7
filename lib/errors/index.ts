export { ErrorCode } from "./codes";
export {
  DomainError,
  badRequest,
  conflict,
  notFound,
  statusName,
  unprocessable,
  validationError,
  type ErrorBody,
} from "./domain-error";
