import type { Device } from "@argine/core/identity/users-api";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import buttonStyles from "../../shared/ui/button.module.css";
import { formatMoment } from "../../shared/ui/dates.ts";
import { FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import { useEndSessionHere } from "../identity/public.ts";
import styles from "./profile.module.css";
import { devicesQueryOptions, useEndAllDevices, useEndDevice } from "./profile-queries.ts";

// The profile's signed-in devices (issue 37): someone who shares a phone or a password with the abuser sees
// where the account is open and ends it there. The names come from each browser's user agent only.

export const ALL_DEVICES_ENDED = "Sei uscita/o da tutti i dispositivi. Accedi di nuovo per continuare.";
export const THIS_DEVICE_ENDED = "Sei uscita/o da questo dispositivo.";

const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

export function DevicesPanel() {
  const devices = useQuery(devicesQueryOptions());
  const endDevice = useEndDevice();
  const endAll = useEndAllDevices();
  const endHere = useEndSessionHere();
  const [status, setStatus] = useState("");

  const end = async (device: Device) => {
    await endDevice.mutateAsync(device.id);
    if (device.current) await endHere(THIS_DEVICE_ENDED);
    else setStatus(`Hai chiuso la sessione su ${device.name}.`);
  };
  const endEverywhere = async () => {
    await endAll.mutateAsync();
    await endHere(ALL_DEVICES_ENDED);
  };

  if (devices.isError)
    return (
      <FormMessage tone="error">
        <p>Non siamo riusciti a caricare i dispositivi: {devices.error.message}</p>
      </FormMessage>
    );
  if (!devices.data) return <p role="status">Caricamento dei dispositivi…</p>;
  const busy = endDevice.isPending || endAll.isPending;
  return (
    <>
      <p className={styles.readOnlyHint}>
        Qui vedi dove il tuo account è aperto. Se non riconosci un dispositivo, esci da lì e cambia la
        password.
      </p>
      <StatusRegion>{status ? <p>{status}</p> : null}</StatusRegion>
      {endDevice.error || endAll.error ? (
        <FormMessage tone="error">
          <p>{(endDevice.error ?? endAll.error)?.message}</p>
        </FormMessage>
      ) : null}
      <ul className={styles.devices}>
        {devices.data.data.map((device) => (
          <li key={device.id} className={styles.device}>
            <p className={styles.deviceName}>
              {device.name}
              {device.current ? (
                <strong className={styles.deviceCurrent}> · Questo dispositivo</strong>
              ) : null}
            </p>
            <p className={styles.readOnlyHint}>
              Accesso: {formatMoment(device.signedInAt)} · Ultimo uso: {formatMoment(device.lastUsedAt)}
            </p>
            <button
              type="button"
              className={SECONDARY}
              disabled={busy}
              aria-label={`Esci da questo dispositivo: ${device.name}${device.current ? " (questo dispositivo)" : ""}`}
              onClick={() => void end(device).catch(() => {})}
            >
              Esci da questo dispositivo
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`${buttonStyles.button} ${buttonStyles.primary}`}
        disabled={busy}
        onClick={() => void endEverywhere().catch(() => {})}
      >
        Esci da tutti i dispositivi
      </button>
    </>
  );
}
