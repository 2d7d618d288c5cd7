import en from "@/messages/en.json" with { type: "json" };
import ptBR from "@/messages/pt-BR.json" with { type: "json" };
import type { Locale } from "./locales";

export type Messages = typeof ptBR;

const catalogues: Record<Locale, Messages> = { "pt-BR": ptBR, en };

export function loadMessages(locale: Locale): Messages {
  return catalogues[locale];
}
