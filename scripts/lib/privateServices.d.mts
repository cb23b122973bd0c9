// Types of privateServices.mjs, for the TypeScript tests that start servers of their own.

/** A server this process started and owns. */
export interface PrivateService {
  url: string;
  port: number;
  /** Everything the server printed so far (for a failure message). */
  output(): string;
  stop(): Promise<void>;
}

export interface PrivatePostgres extends PrivateService {
  /** `immediate` (default): as if it crashed, recovery replays the WAL; `fast`: a clean stop. */
  restart(options?: { mode?: 'immediate' | 'fast' }): Promise<void>;
}

export interface PrivateNats extends PrivateService {
  restart(): Promise<void>;
}

export const natsServerPath: string;
export function freePort(): Promise<number>;
export function postgresBinDir(): string | null;
export function serviceBinaries(): { postgres: boolean; nats: boolean };
export function postgresAnswers(url: string): Promise<boolean>;
export function jetStreamAnswers(url: string): Promise<boolean>;
export function startPostgres(options?: { timeoutMs?: number }): Promise<PrivatePostgres>;
export function startNats(options?: { timeoutMs?: number }): Promise<PrivateNats>;
export function canInstallServices(): boolean;
