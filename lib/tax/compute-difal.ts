import type { Decimal } from "decimal.js";
import { generalFcpRate, internalIcmsRate, interstateIcmsRate, usesDifalDoubleBase } from "./data/icms-rates";
import { Dec, dec, money, percentOf, rate, roundMoney, ZERO } from "./decimal";
import type { DifalTaxes } from "./tax-shapes";

// DIFAL of an interstate sale to a final consumer who is not an ICMS
// contributor (EC 87/2015, LC 190/2022, NT 2015.003): the difference between
// the destination's internal rate and the interstate rate, all of it to the
// destination state since 2019. The line's value is the operation value plus
// IPI (a non-contributor's base includes the IPI). Single base, or the "base
// dupla" where the destination's law asks for it (lib/tax/data/icms-rates.ts).

export type DifalParameters = { destinationRate: Decimal; interstateRate: Decimal; fcpRate: Decimal | null; doubleBase?: boolean };

/** The rates of one line, from the dated table (lib/tax/data/icms-rates.ts); null when the destination is unknown. */
export function difalParameters(input: { fromUf: string; toUf: string; origin: string; issuedOn: string }): DifalParameters | null {
  const destination = internalIcmsRate(input.toUf, input.issuedOn);
  if (destination === null) return null;
  const fcp = generalFcpRate(input.toUf);
  return {
    destinationRate: dec(destination),
    interstateRate: dec(interstateIcmsRate(input.fromUf, input.toUf, input.origin)),
    fcpRate: fcp ? dec(fcp) : null,
    doubleBase: usesDifalDoubleBase(input.toUf, input.issuedOn),
  };
}

/**
 * Base dupla: the destination's base is (value − value × interstate rate) /
 * (1 − (internal rate + FCP)), rounded to the centavo; the destination gets
 * base × internal rate − value × interstate rate (the origin's ICMS).
 */
function doubleBase(value: Decimal, p: DifalParameters, fcp: Decimal | null): { base: Decimal; destinationAmount: Decimal } {
  const originIcms = percentOf(value, p.interstateRate);
  const grossUp = new Dec(1).minus(p.destinationRate.plus(fcp ?? ZERO).dividedBy(100));
  const base = roundMoney(value.minus(originIcms).dividedBy(grossUp));
  return { base, destinationAmount: Dec.max(ZERO, roundMoney(base.times(p.destinationRate).dividedBy(100)).minus(originIcms)) };
}

export function computeDifal(value: Decimal, parameters: DifalParameters): DifalTaxes {
  const rounded = roundMoney(value);
  const fcp = parameters.fcpRate && parameters.fcpRate.greaterThan(0) ? parameters.fcpRate : null;
  const difference = Dec.max(ZERO, parameters.destinationRate.minus(parameters.interstateRate));
  const { base, destinationAmount } = parameters.doubleBase
    ? doubleBase(rounded, parameters, fcp)
    : { base: rounded, destinationAmount: percentOf(rounded, difference) };
  return {
    base: money(base),
    fcpBase: fcp ? money(base) : null,
    fcpRate: fcp ? rate(fcp) : null,
    destinationRate: rate(parameters.destinationRate),
    interstateRate: rate(parameters.interstateRate),
    partitionRate: rate(new Dec(100)),
    fcpAmount: fcp ? money(percentOf(base, fcp)) : null,
    destinationAmount: money(destinationAmount),
    originAmount: money(ZERO),
  };
}
