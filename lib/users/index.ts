export * from "./contracts";
export { listTenantUsers } from "./list-users";
export { addTenantUser, generateTemporaryPassword } from "./add-user";
export { changeUserRole, deactivateUser, reactivateUser } from "./change-user-access";
export { createUser, CreateUserInput } from "./create-user";
export * from "./password-contracts";
export { changeOwnPassword, resetUserPassword } from "./passwords";
