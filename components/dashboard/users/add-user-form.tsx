"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { UserRole } from "@/lib/auth/session-user";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { AddUserBody, PASSWORD_MIN_LENGTH, type AddedUser } from "@/lib/users/contracts";
import { ROLE_LABELS, ROLE_ORDER } from "./role-labels";

const TEXT = {
  title: "Add a user",
  email: "Email",
  name: "Name (optional)",
  role: "Role",
  passwordMode: "Temporary password",
  generate: "Generate one (shown once after adding)",
  choose: "Set one myself",
  password: "Password",
  passwordHint: `At least ${PASSWORD_MIN_LENGTH} characters. Share it privately.`,
  submit: "Add user",
  submitting: "Adding…",
};

const fieldClass = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none";

export function AddUserForm({ endpoint, onAdded }: { endpoint: string; onAdded: (added: AddedUser) => void }) {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<UserRole>("SUPPORT");
  const [mode, setMode] = useState<"generate" | "choose">("generate");
  const [password, setPassword] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (body: AddUserBody) => apiFetch<AddedUser>(endpoint, { method: "POST", body }),
    onSuccess: (added) => {
      setEmail("");
      setName("");
      setPassword("");
      onAdded(added);
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body: AddUserBody = { email, role, ...(name.trim() ? { name } : {}), ...(mode === "choose" ? { password } : {}) };
    // The route's own schema: the message appears before a round trip.
    const parsed = AddUserBody.safeParse(body);
    if (!parsed.success) {
      setFormError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "));
      return;
    }
    setFormError(null);
    add.mutate(body);
  }

  const error = formError ?? (add.error ? errorMessage(add.error) : null);
  return (
    <form onSubmit={onSubmit} aria-label={TEXT.title} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold">{TEXT.title}</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor="user-email" className="block text-sm font-medium text-slate-700">
            {TEXT.email}
          </label>
          <input id="user-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254} className={fieldClass} autoComplete="off" />
        </div>
        <div>
          <label htmlFor="user-name" className="block text-sm font-medium text-slate-700">
            {TEXT.name}
          </label>
          <input id="user-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="user-role" className="block text-sm font-medium text-slate-700">
            {TEXT.role}
          </label>
          <select id="user-role" value={role} onChange={(e) => setRole(e.target.value as UserRole)} className={fieldClass}>
            {ROLE_ORDER.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r].label}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-slate-500">{ROLE_LABELS[role].description}</p>
        </div>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{TEXT.passwordMode}</legend>
        <div className="mt-1 flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="password-mode" checked={mode === "generate"} onChange={() => setMode("generate")} />
            {TEXT.generate}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="password-mode" checked={mode === "choose"} onChange={() => setMode("choose")} />
            {TEXT.choose}
          </label>
        </div>
        {mode === "choose" && (
          <div className="mt-2 max-w-sm">
            <label htmlFor="user-password" className="block text-sm font-medium text-slate-700">
              {TEXT.password}
            </label>
            <input id="user-password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} maxLength={200} className={fieldClass} autoComplete="new-password" />
            <p className="mt-1 text-xs text-slate-500">{TEXT.passwordHint}</p>
          </div>
        )}
      </fieldset>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" disabled={add.isPending} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60">
        {add.isPending ? TEXT.submitting : TEXT.submit}
      </button>
    </form>
  );
}
