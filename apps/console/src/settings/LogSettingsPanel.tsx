import type { ConsoleClient } from '../api/client';
import { useLogSettings } from '../hooks/useLogSettings';
import { LogSettingsForm } from './LogSettingsForm';

interface LogSettingsPanelProps {
  client: ConsoleClient;
  onClose(): void;
}

/** The operator's levers over client logging: kill switch, a note to developers, ignore rules. */
export function LogSettingsPanel({ client, onClose }: LogSettingsPanelProps) {
  const { settings, loadError, saving, saveError, savedAt, save } = useLogSettings(client);
  return (
    <section className="card settings" aria-labelledby="settings-title" data-testid="log-settings">
      <div className="card__head">
        <h2 id="settings-title">Log settings</h2>
        <button type="button" className="btn btn--ghost btn--small" onClick={onClose}>
          Close
        </button>
      </div>
      {loadError ? <p className="notice notice--error" role="alert">{loadError.message}</p> : null}
      {!settings && !loadError ? <p className="muted">Loading…</p> : null}
      {settings ? (
        // Re-keyed after each save so the form restarts from what the server stored.
        <LogSettingsForm key={savedAt ?? 0} initial={settings} saving={saving} onSave={save} />
      ) : null}
      {saveError ? <p className="notice notice--error" role="alert">Not saved: {saveError.message}</p> : null}
      {savedAt && !saveError ? <p className="notice notice--ok" role="status">Saved. Pages pick this up on their next log request.</p> : null}
    </section>
  );
}
