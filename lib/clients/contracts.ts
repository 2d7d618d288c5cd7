import { defineContract } from "@/lib/contracts/contract";
import { pageSchema } from "@/lib/contracts/pagination";
import { ClientIdParams, ClientResponse, CreateClientInput, ListClientsQuery, UpdateClientInput } from "./schemas";

const tag = "Clients";

export const createClientContract = defineContract({
  method: "POST", path: "/v1/clients", summary: "Create a client", tag, scope: "clients:write",
  body: CreateClientInput, response: ClientResponse, successStatus: 201, errorStatuses: [422],
});
export const listClientsContract = defineContract({
  method: "GET", path: "/v1/clients", summary: "List clients (search over name, document, email, fantasy name)", tag, scope: "clients:read",
  query: ListClientsQuery, response: pageSchema(ClientResponse),
});
export const getClientContract = defineContract({
  method: "GET", path: "/v1/clients/{id}", summary: "Client detail", tag, scope: "clients:read",
  params: ClientIdParams, response: ClientResponse, errorStatuses: [404],
});
export const updateClientContract = defineContract({
  method: "PATCH", path: "/v1/clients/{id}", summary: "Update the fields sent", tag, scope: "clients:write",
  params: ClientIdParams, body: UpdateClientInput, response: ClientResponse, errorStatuses: [404, 422],
});
export const deleteClientContract = defineContract({
  method: "DELETE", path: "/v1/clients/{id}", summary: "Remove a client without linked documents", tag, scope: "clients:write",
  params: ClientIdParams, successStatus: 204, errorStatuses: [404, 409],
});

export const clientContracts = [createClientContract, listClientsContract, getClientContract, updateClientContract, deleteClientContract];
