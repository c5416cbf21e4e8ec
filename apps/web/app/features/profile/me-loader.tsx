import type { Me } from "@argine/core/identity/users-api";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import buttonStyles from "../../shared/ui/button.module.css";
import { FormMessage } from "../../shared/ui/form-field.tsx";
import { meQueryOptions } from "../identity/public.ts";

/** Loads GET /v1/users/me and renders its children with it; says so plainly when it cannot. */
export function MeLoader({ children }: { children: (me: Me) => ReactNode }) {
  const me = useQuery(meQueryOptions());
  if (me.data) return children(me.data);
  if (me.isError) {
    return (
      <>
        <FormMessage tone="error">
          <p>Non siamo riusciti a caricare i tuoi dati: {me.error.message}</p>
        </FormMessage>
        <p>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            onClick={() => void me.refetch()}
          >
            Riprova
          </button>
        </p>
      </>
    );
  }
  return <p role="status">Caricamento dei tuoi dati…</p>;
}
