import { handleSessionUser } from "@/lib/api/handle-session";
import { changeOwnPassword, changeOwnPasswordContract } from "@/lib/users";

export const POST = handleSessionUser(changeOwnPasswordContract, ({ session, request, body }) => changeOwnPassword({ userId: session.userId, headers: request.headers, body }));
