import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { StatusRegion } from "../ui/form-field.tsx";
import styles from "./connection-note.module.css";

// A conversation's connection state (ADR 030): offline, a line sent waits (the write pauses, as every write of
// the query client does, and leaves once the browser is back online); the person is told so rather than left
// before a spinner. The live socket catches up by itself when the network returns (live-connection.ts).

/** The browser's network state, as the query client follows it. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}

export const OFFLINE_NOTE = "Sei offline: il messaggio partirà appena torni in linea.";

/** The offline note, announced when it appears; nothing while online. `className` adds to its style. */
export function ConnectionNote({ className }: { className?: string }) {
  const online = useOnline();
  const classes = className ? `${styles.note} ${className}` : styles.note;
  return <StatusRegion>{online ? null : <p className={classes}>{OFFLINE_NOTE}</p>}</StatusRegion>;
}
