import type { Decimal } from "decimal.js";
import { generalFcpRate, internalIcmsRate, interstateIcmsRate } from "./data/icms-rates";
import { Dec, dec, money, percentOf, rate, roundMoney, ZERO } from "./decimal";
import type { DifalTaxes } from "./tax-shapes";

// DIFAL of an interstate sale to a final consumer who is not an ICMS
// contributor (EC 87/2015, LC 190/2022, NT 2015.003): the difference between
// the destination's internal rate and the interstate rate, all of it to the
// destination state since 2019. Single base: the line's ICMS base is the
// operation value plus IPI (a non-contributor's base includes the IPI).

export type DifalParameters = { destinationRate: Decimal; interstateRate: Decimal; fcpRate: Decimal | null };

/** The rates of one line, from the dated table (lib/tax/data/icms-rates.ts); null when the destination is unknown. */
export function difalParameters(input: { fromUf: string; toUf: string; origin: string; issuedOn: string }): DifalParameters | null {
  const destination = internalIcmsRate(input.toUf, input.issuedOn);
  if (destination === null) return null;
  const fcp = generalFcpRate(input.toUf);
  return { destinationRate: dec(destination), interstateRate: dec(interstateIcmsRate(input.fromUf, input.toUf, input.origin)), fcpRate: fcp ? dec(fcp) : null };
}

export function computeDifal(base: Decimal, parameters: DifalParameters): DifalTaxes {
  const rounded = roundMoney(base);
  const difference = Dec.max(ZERO, parameters.destinationRate.minus(parameters.interstateRate));
  const fcp = parameters.fcpRate && parameters.fcpRate.greaterThan(0) ? parameters.fcpRate : null;
  return {
    base: money(rounded),
    fcpBase: fcp ? money(rounded) : null,
    fcpRate: fcp ? rate(fcp) : null,
    destinationRate: rate(parameters.destinationRate),
    interstateRate: rate(parameters.interstateRate),
    partitionRate: rate(new Dec(100)),
    fcpAmount: fcp ? money(percentOf(rounded, fcp)) : null,
    destinationAmount: money(percentOf(rounded, difference)),
    originAmount: money(ZERO),
  };
}
