import type { SecondFactorSetup } from "@argine/core/identity/users-api";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import { FieldFrame, FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import { ProfilePanel } from "./profile-panel.tsx";
import {
  secondFactorQueryOptions,
  useConfirmSecondFactor,
  useDisableSecondFactor,
  useRefreshSecondFactor,
  useRenewRecoveryCodes,
  useStartSecondFactor,
} from "./profile-queries.ts";

// The profile's "Verifica in due passaggi" (ADR 036): anyone may turn it on (a QR code or the key typed by
// hand in an authenticator app, then a first code), then sees the ten recovery codes once; turning it off or
// making new codes wants the password or a current code. Staff are told they need it to open the cases.

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;
const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

function CodeInput({
  label,
  value,
  onChange,
  hint,
  type = "text",
  autoComplete,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  type?: "text" | "password";
  autoComplete: string;
}) {
  return (
    <FieldFrame label={label} hint={hint}>
      {(control) => (
        <input
          {...control}
          className={formStyles.control}
          type={type}
          value={value}
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}

export function SecondFactorPanel() {
  const status = useQuery(secondFactorQueryOptions());
  return (
    <ProfilePanel title="Verifica in due passaggi">
      <p>
        Oltre alla password, all'accesso ti chiediamo un codice che cambia ogni 30 secondi, dato da un'app di
        autenticazione sul tuo telefono (per esempio Google Authenticator, Microsoft Authenticator o FreeOTP).
      </p>
      {status.data?.requiredForCases && !status.data.enabled ? (
        <FormMessage tone="info">
          <p>
            Come avvocato o amministratore ti serve per lavorare sulle pratiche: finché non la attivi (e non
            accedi di nuovo con il codice) non puoi aprirle.
          </p>
        </FormMessage>
      ) : null}
      {status.isPending ? <p>Caricamento…</p> : null}
      {status.isError ? <FormMessage tone="error">{status.error.message}</FormMessage> : null}
      {status.data ? (
        status.data.enabled ? (
          <SecondFactorOn recoveryCodesLeft={status.data.recoveryCodesLeft} />
        ) : (
          <SecondFactorOff />
        )
      ) : null}
    </ProfilePanel>
  );
}

function SecondFactorOff() {
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const refresh = useRefreshSecondFactor();
  const start = useStartSecondFactor();
  const confirm = useConfirmSecondFactor();

  if (codes) return <RecoveryCodes codes={codes} onDone={refresh} />;
  if (!setup)
    return (
      <>
        {start.error ? <FormMessage tone="error">{start.error.message}</FormMessage> : null}
        <div className={formStyles.actions}>
          <button
            type="button"
            className={PRIMARY}
            disabled={start.isPending}
            onClick={() => start.mutate(undefined, { onSuccess: setSetup })}
          >
            Attiva la verifica in due passaggi
          </button>
        </div>
      </>
    );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code, { onSuccess: (answer) => setCodes(answer.recoveryCodes) });
  };
  return (
    <form className={formStyles.form} noValidate onSubmit={onSubmit}>
      <ol>
        <li>
          Inquadra il QR code con l'app di autenticazione.
          <br />
          <img
            src={setup.qrCode}
            width={240}
            height={240}
            alt="QR code da inquadrare con l'app di autenticazione"
          />
        </li>
        <li>
          Se non puoi inquadrarlo, inserisci a mano questa chiave nell'app:{" "}
          <code data-testid="second-factor-key">{setup.secret}</code>
        </li>
        <li>Scrivi qui il codice di 6 cifre che l'app mostra.</li>
      </ol>
      {confirm.error ? <FormMessage tone="error">{confirm.error.message}</FormMessage> : null}
      <CodeInput label="Codice dall'app" value={code} onChange={setCode} autoComplete="one-time-code" />
      <div className={formStyles.actions}>
        <button type="submit" className={PRIMARY} disabled={confirm.isPending}>
          Conferma e attiva
        </button>
      </div>
    </form>
  );
}

/** The recovery codes, shown once: to copy or download before leaving. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `Codici di recupero di Argine (ognuno vale una volta):\n${codes.join("\n")}\n`;
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId}>I tuoi codici di recupero</h3>
      <StatusRegion>
        <FormMessage tone="success">
          <p>
            La verifica in due passaggi è attiva. Conserva questi codici in un posto sicuro: ognuno ti fa
            accedere una volta se non hai il telefono. Non li mostreremo più.
          </p>
        </FormMessage>
      </StatusRegion>
      <ul aria-label="Codici di recupero">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className={formStyles.actions}>
        <button
          type="button"
          className={SECONDARY}
          onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
        >
          {copied ? "Codici copiati" : "Copia i codici"}
        </button>
        <a
          className={SECONDARY}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="argine-codici-di-recupero.txt"
        >
          Scarica i codici
        </a>
        <button type="button" className={PRIMARY} onClick={onDone}>
          Ho salvato i codici
        </button>
      </div>
    </section>
  );
}

function SecondFactorOn({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = useRefreshSecondFactor();
  const proof = () => (code.trim() ? { code } : { password });
  const disable = useDisableSecondFactor();
  const renew = useRenewRecoveryCodes();
  if (codes)
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          refresh();
        }}
      />
    );
  const error = disable.error ?? renew.error;
  return (
    <>
      <FormMessage tone="success">
        <p>La verifica in due passaggi è attiva. Codici di recupero ancora validi: {recoveryCodesLeft}.</p>
      </FormMessage>
      <form className={formStyles.form} noValidate onSubmit={(event) => event.preventDefault()}>
        <p>Per disattivarla o avere nuovi codici di recupero, conferma che sei tu.</p>
        {error ? <FormMessage tone="error">{error.message}</FormMessage> : null}
        <CodeInput
          label="Password attuale"
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        <CodeInput
          label="Oppure un codice dall'app"
          value={code}
          onChange={setCode}
          autoComplete="one-time-code"
        />
        <div className={formStyles.actions}>
          <button
            type="button"
            className={SECONDARY}
            disabled={renew.isPending}
            onClick={() => renew.mutate(proof(), { onSuccess: (answer) => setCodes(answer.recoveryCodes) })}
          >
            Nuovi codici di recupero
          </button>
          <button
            type="button"
            className={SECONDARY}
            disabled={disable.isPending}
            onClick={() => disable.mutate(proof())}
          >
            Disattiva la verifica in due passaggi
          </button>
        </div>
      </form>
    </>
  );
}
