import type { BillingData } from "@argine/core/billing/billing-data";
import {
  type AccountErasureBody,
  DATA_EXPORT_FILE_NAME,
  type DataExportState,
} from "@argine/core/identity/own-data-api";
import { OWN_DATA_ROUTES } from "@argine/core/identity/own-data-routes";
import type {
  DeviceList,
  Me,
  SecondFactorProofBody,
  SecondFactorStatus,
} from "@argine/core/identity/users-api";
import { USERS_ROUTES as CALLS } from "@argine/core/identity/users-routes";
import { callPath } from "@argine/core/shared/api-contract";
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useAppStateStore } from "../../shared/async/app-state.ts";
import { SENT_BY_FORM, useWrite, type WriteOptions } from "../../shared/async/use-write.ts";
import { call } from "../../shared/http/call.ts";
import { downloadFile } from "../../shared/http/download.ts";
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

export const DEVICES_QUERY_KEY = ["users", "me", "devices"] as const;

/** GET /v1/users/me/devices: the account's signed-in devices. The panel shows its own error state. */
export const devicesQueryOptions = () =>
  queryOptions({
    queryKey: DEVICES_QUERY_KEY,
    queryFn: ({ signal }) => call(CALLS.devices, { signal }),
    meta: { hideError: true, hideSpinner: true },
  });

/** DELETE /v1/users/me/devices/{id}: the devices left answer. */
export const useEndDevice = () =>
  useWrite((id: string) => call(CALLS.endDevice, { params: { id } }), {
    onSuccess: (queryClient, devices: DeviceList) => {
      queryClient.setQueryData(DEVICES_QUERY_KEY, devices);
    },
  });

/** DELETE /v1/users/me/devices: every session ends, this one too (the panel then signs out here). */
export const useEndAllDevices = () => useWrite(() => call(CALLS.endAllDevices), {});

// "Scarica i miei dati" (ADR 037): the export's state, and its request, whose answer is the new state.

const EXPORT_QUERY_KEY = ["profile", "export"] as const;

export function dataExportQueryOptions() {
  return queryOptions({
    queryKey: EXPORT_QUERY_KEY,
    queryFn: ({ signal }) => call(OWN_DATA_ROUTES.exportState, { signal }),
  });
}

/** POST /v1/users/me/export. */
export const useRequestDataExport = (options: WriteOptions<DataExportState, void> = {}) =>
  useWrite(
    () => call(OWN_DATA_ROUTES.requestExport),
    { onSuccess: (queryClient, state) => queryClient.setQueryData(EXPORT_QUERY_KEY, state) },
    options,
  );

/** GET /v1/users/me/export/download: the archive, once, saved by the browser. */
export const downloadDataExport = (token: string) =>
  downloadFile(callPath(OWN_DATA_ROUTES.downloadExport), { token }, DATA_EXPORT_FILE_NAME);

/**
 * POST /v1/users/me/erasure, "Elimina il mio account": no cache to refresh, the screen signs out at once after
 * it (the account and its sessions are gone).
 */
export const useEraseAccount = () =>
  useWrite((body: AccountErasureBody) => call(OWN_DATA_ROUTES.erase, { body }), {}, SENT_BY_FORM);

// The "verifica in due passaggi" (ADR 036): its state, and the writes of its panel, which shows their errors
// itself.

export const SECOND_FACTOR_QUERY_KEY = ["users", "me", "second-factor"] as const;
const SHOWN_BY_PANEL = { meta: { hideError: true } } as const;

export const secondFactorQueryOptions = () =>
  queryOptions({
    queryKey: SECOND_FACTOR_QUERY_KEY,
    queryFn: ({ signal }) => call(CALLS.secondFactor, { signal }),
  });

/**
 * Reads the state anew: once the new recovery codes were saved, not at once, as the panel that shows them
 * would give way to the state's "attiva" first.
 */
export function useRefreshSecondFactor() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_QUERY_KEY });
}

/** POST /v1/users/me/second-factor/setup: a new key and its QR code. */
export const useStartSecondFactor = () => useWrite(() => call(CALLS.startSecondFactor), {}, SHOWN_BY_PANEL);

/** POST /v1/users/me/second-factor/confirm: the app's first code; the answer has the recovery codes. */
export const useConfirmSecondFactor = () =>
  useWrite((code: string) => call(CALLS.confirmSecondFactor, { body: { code } }), {}, SHOWN_BY_PANEL);

/** POST /v1/users/me/second-factor/disable: the answer is the new state. */
export const useDisableSecondFactor = () =>
  useWrite(
    (body: SecondFactorProofBody) => call(CALLS.disableSecondFactor, { body }),
    {
      onSuccess: (queryClient, state: SecondFactorStatus) =>
        queryClient.setQueryData(SECOND_FACTOR_QUERY_KEY, state),
    },
    SHOWN_BY_PANEL,
  );

/** POST /v1/users/me/second-factor/recovery-codes: new codes, the old ones void. */
export const useRenewRecoveryCodes = () =>
  useWrite((body: SecondFactorProofBody) => call(CALLS.renewRecoveryCodes, { body }), {}, SHOWN_BY_PANEL);
