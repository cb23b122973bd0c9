import { useState } from 'react';
import type { ConsoleClient } from '../api/client';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { useLogGroups } from '../hooks/useLogGroups';
import { LogSettingsPanel } from '../settings/LogSettingsPanel';
import { GroupDetail } from './GroupDetail';
import { LogFilters } from './LogFilters';
import type { FilterValues } from './LogFilters';
import { LogGroupsTable } from './LogGroupsTable';
import { RefreshStatus } from './RefreshStatus';

/** The Logs section: filters, the live group table, the open group and the log settings. */
export function LogsView({ client }: { client: ConsoleClient }) {
  // Open groups first, as an issue tracker does: resolved and ignored ones are a filter away.
  const [filters, setFilters] = useState<FilterValues>({ status: 'open', level: 0, product: '', text: '' });
  const q = useDebouncedValue(filters.text, 300);
  const [paused, setPaused] = useState(false);
  const [selected, setSelected] = useState<string>();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const groups = useLogGroups(client, { status: filters.status || undefined, level: filters.level, product: filters.product, q }, paused);

  // Open groups are the default view, not a filter the operator chose: a fresh console with no
  // message at all says so, rather than "no groups match".
  const filtered = Boolean(filters.level || filters.product || q.trim() || (filters.status && filters.status !== 'open'));
  const emptyText = !groups.list
    ? 'Loading…'
    : filtered
      ? 'No groups match these filters.'
      : groups.list.products.length > 0
        ? 'No open groups: every group is resolved or ignored (choose another State to see them).'
        : 'No client log messages yet — open the site and browse: errors and warnings its pages log appear here by themselves. To send some on purpose, open the site with ?dev=1 and use its developer tools.';

  return (
    <div className="logs">
      <div className="toolbar">
        <LogFilters values={filters} products={groups.list?.products ?? []} onChange={setFilters} />
        <div className="toolbar__end">
          <RefreshStatus
            updatedAt={groups.updatedAt}
            paused={paused}
            onTogglePause={() => setPaused(!paused)}
            onRefresh={groups.refresh}
          />
          <button
            type="button"
            className="btn btn--ghost"
            aria-expanded={settingsOpen}
            onClick={() => setSettingsOpen(!settingsOpen)}
          >
            Log settings
          </button>
        </div>
      </div>
      {settingsOpen ? <LogSettingsPanel client={client} onClose={() => setSettingsOpen(false)} /> : null}
      {groups.error ? <p className="notice notice--error" role="alert">Could not load groups: {groups.error.message}</p> : null}
      <div className={selected ? 'logs__body logs__body--split' : 'logs__body'}>
        <LogGroupsTable
          groups={groups.list?.groups ?? []}
          window={groups.list?.window}
          selectedId={selected}
          emptyText={emptyText}
          compact={selected !== undefined}
          onSelect={setSelected}
        />
        {selected ? (
          <GroupDetail client={client} groupId={selected} paused={paused} onClose={() => setSelected(undefined)} onChanged={groups.refresh} />
        ) : null}
      </div>
    </div>
  );
}
