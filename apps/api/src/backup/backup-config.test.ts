import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";

describe("BACKUP_DIR", () => {
  it("is DATA_DIR/backups unless set, and never inside what a backup copies", () => {
    expect(loadConfig({ DATA_DIR: "/srv/argine" }).backupDir).toBe("/srv/argine/backups");
    expect(loadConfig({ BACKUP_DIR: "/var/backups/argine" }).backupDir).toBe("/var/backups/argine");
    expect(() => loadConfig({ DATA_DIR: "/srv/argine", BACKUP_DIR: "/srv/argine/pg/copies" })).toThrow(
      /BACKUP_DIR: inside DATA_DIR\/pg/,
    );
    expect(() => loadConfig({ DATA_DIR: "/srv/argine", BACKUP_DIR: "/srv/argine/storage" })).toThrow(
      /BACKUP_DIR: inside DATA_DIR\/storage/,
    );
  });
});
