import { functions } from "@/inngest";
import { drainDueRuns } from "@/lib/jobs/local-worker";

/** Runs the company's due runs until `request` answers, as a worker process beside the request would. */
export async function whileWorking<T>(companyId: string, request: Promise<T>): Promise<T> {
  let answered = false;
  const answer = request.finally(() => (answered = true));
  while (!answered) {
    await drainDueRuns(functions, { companyIds: [companyId] });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return answer;
}
