import { useCallback, useEffect, useState } from 'react';
import type { ConsoleClient } from '../api/client';
import type { LogRules } from '../api/types';

/** The operator's log settings and a way to replace them. */
export interface LogSettingsState {
  settings?: LogRules;
  loadError?: Error;
  saving: boolean;
  saveError?: Error;
  savedAt?: number;
  save(settings: LogRules): Promise<void>;
}

/** Loads the settings the log endpoint currently answers with, and PUTs edits back. */
export function useLogSettings(client: ConsoleClient): LogSettingsState {
  const [settings, setSettings] = useState<LogRules>();
  const [loadError, setLoadError] = useState<Error>();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<Error>();
  const [savedAt, setSavedAt] = useState<number>();

  useEffect(() => {
    const controller = new AbortController();
    client.getSettings(controller.signal).then(
      (loaded) => setSettings(loaded),
      (error: Error) => {
        if (!controller.signal.aborted) setLoadError(error);
      },
    );
    return () => controller.abort();
  }, [client]);

  const save = useCallback(
    async (next: LogRules) => {
      setSaving(true);
      setSaveError(undefined);
      try {
        setSettings(await client.putSettings(next));
        setSavedAt(Date.now());
      } catch (error) {
        setSaveError(error as Error);
      } finally {
        setSaving(false);
      }
    },
    [client],
  );

  return { settings, loadError, saving, saveError, savedAt, save };
}
