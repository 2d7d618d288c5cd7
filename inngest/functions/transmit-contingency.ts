import { inngest } from "@/lib/jobs/inngest-client";
import { TRANSMISSION_ROUND_DELAYS, TRANSMIT_CONTINGENCY_EVENT, TRANSMIT_CONTINGENCY_FUNCTION_ID, TransmitContingencyEventData } from "@/lib/contingency/events";
import { requestContingencyTransmission } from "@/lib/contingency/request-transmission";
import { transmitContingency, type TransmissionRound } from "@/lib/emission/contingency/transmit-contingency";
import { transmitContingencyManifests } from "@/lib/mdfe/transmit-contingency";

/**
 * Transmission after a contingency (docs/api-notes/contingency.md, Emission in
 * contingency): asked for when an NFC-e is issued offline or an attempt is
 * replaced, and by the return to normal. Each round (one call into
 * lib/contingency) sends the offline NFC-e once the contingency has ended and
 * resolves the replaced numbers; while anything is pending it waits and tries
 * again (15 s growing to 10 min, about 1.5 hours), then asks for a new run so
 * the memoized steps stay few. One run at a time per company + model + environment.
 */
export const transmitContingencyFunction = inngest.createFunction(
  {
    id: TRANSMIT_CONTINGENCY_FUNCTION_ID,
    name: "Transmit documents issued in contingency",
    triggers: [{ event: TRANSMIT_CONTINGENCY_EVENT }],
    concurrency: [{ key: "event.data.concurrencyKey", limit: 1 }],
    retries: 4,
  },
  async ({ event, step }) => {
    const input = TransmitContingencyEventData.parse(event.data);
    const scope = { companyId: input.companyId, model: input.model, environment: input.environment };
    const { model } = input;
    // MDF-e (58) issued offline go to the SVRS (lib/mdfe); NF-e and NFC-e to their authorizers.
    const transmit = () => (model === 58 ? transmitContingencyManifests(scope) : transmitContingency({ ...scope, model }));
    let round = (await step.run("transmit-1", transmit)) as TransmissionRound;
    for (const [index, delay] of TRANSMISSION_ROUND_DELAYS.entries()) {
      if (round.kind === "done") return round;
      await step.sleep(`wait-${index + 1}`, delay);
      round = (await step.run(`transmit-${index + 2}`, transmit)) as TransmissionRound;
    }
    if (round.kind === "pending") await step.run("continue", () => requestContingencyTransmission(scope));
    return round;
  },
);
