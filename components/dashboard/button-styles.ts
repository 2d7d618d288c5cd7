// The dashboard's buttons in three kinds, one look each (issue 54 item 6: submit buttons were indigo on some
// pages, near-black, green, amber or rose on others). Server pages and client components import it alike.
//   primary: the action the form or panel exists for (Emitir, Filtrar, Registrar, Copiar);
//   secondary: the other actions beside it (Editar, Cancelar o diálogo, downloads);
//   danger: what cannot be undone or stops something (cancel a document, revoke a key, deactivate a user).

export type ButtonVariant = "primary" | "secondary" | "danger";
export type ButtonSize = "sm" | "md";

const BASE = "inline-flex items-center justify-center gap-1.5 rounded-md font-semibold disabled:cursor-not-allowed disabled:opacity-60";
const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-indigo-600 text-white hover:bg-indigo-500",
  secondary: "border border-slate-300 bg-white font-normal text-slate-800 hover:bg-slate-50",
  danger: "bg-red-600 text-white hover:bg-red-500",
};
const SIZES: Record<ButtonSize, string> = { sm: "px-2 py-1 text-xs", md: "px-3 py-1.5 text-sm" };

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md"): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]}`;
}
