import type { BillingData } from "@argine/core/billing/billing-data";
import type { Me } from "@argine/core/identity/users-api";
import { USERS_ROUTES as CALLS } from "@argine/core/identity/users-routes";
import { useAppStateStore } from "../../shared/async/app-state.ts";
import { SENT_BY_FORM, useWrite } from "../../shared/async/use-write.ts";
import { call } from "../../shared/http/call.ts";
import { ME_QUERY_KEY, userFromMe } from "../identity/public.ts";

// The profile's writes, sent by its forms. Each answers with the whole profile, which keeps the cached
// profile and the signed-in user (header, greeting) in step.

function useWriteMe<TBody>(send: (body: TBody) => Promise<Me>) {
  const appState = useAppStateStore();
  return useWrite(
    send,
    {
      onSuccess: (queryClient, me) => {
        queryClient.setQueryData(ME_QUERY_KEY, me);
        appState.updateUser(userFromMe(me));
      },
    },
    SENT_BY_FORM,
  );
}

/** PATCH /v1/users/me with the profile fields only (spec §7). An empty cellPhone removes the number. */
export const useUpdateProfile = () =>
  useWriteMe(
    (body: {
      name: string;
      lastname: string;
      cellPhone: string;
      marketingConsent: boolean;
      mailFullText: boolean;
    }) => call(CALLS.updateMe, { body }),
  );

/** PATCH /v1/users/me with the password fields only (spec §7). */
export const useChangePassword = () =>
  useWriteMe((body: { oldPassword: string; password: string }) => call(CALLS.updateMe, { body }));

/** PATCH /v1/users/me/invoice. */
export const useUpdateBillingData = () =>
  useWriteMe((body: BillingData) => call(CALLS.updateInvoice, { body }));
