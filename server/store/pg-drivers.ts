// pg-native and pg-types, loaded when PostgreSQL is used (they are optional dependencies),
// and the parts of them the store and its listener use.
import { createRequire } from 'node:module';

export interface NativeClient {
  connectSync(params: string): void;
  querySync(text: string, values?: (string | null)[]): Record<string, unknown>[];
  prepareSync(name: string, text: string, count: number): void;
  executeSync(name: string, values: (string | null)[]): Record<string, unknown>[];
  end(callback?: () => void): void;
  pq: {
    cmdStatus(): string; cmdTuples(): string; resultErrorFields(): { sqlState?: string } | undefined; finish(): void; connected: boolean;
    sendQuery(text: string): boolean; getResult(): boolean; resultErrorMessage(): string; errorMessage(): string;
    notifies(): { relname: string; extra: string } | undefined;
    escapeLiteral(value: string): string;
  };
}

export interface TypeParsers {
  getTypeParser(oid: number, format?: string): (value: string) => unknown;
}

export type BuildResult = (pq: NativeClient['pq'], types: TypeParsers, arrayMode: boolean) => { rows: Record<string, unknown>[] };

export interface Drivers {
  Native: new (config: { types: TypeParsers }) => NativeClient;
  types: TypeParsers;
  /** pg-native's own reading of a libpq result into rows (for the results of statements sent together). */
  buildResult: BuildResult;
}

let drivers: Drivers | undefined;

/** pg-native and pg-types are optional dependencies: `npm ci` succeeds without libpq's headers, and the site says what is missing. */
export function loadDrivers(): Drivers {
  if (drivers) return drivers;
  // The desktop's site process is a CommonJS bundle, where import.meta.url is not set.
  const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
  try {
    drivers = {
      Native: require('pg-native') as Drivers['Native'],
      types: require('pg-types') as TypeParsers,
      buildResult: require('pg-native/lib/build-result.js') as BuildResult,
    };
  } catch (error) {
    throw new Error('PostgreSQL support is not installed: install libpq-dev and run npm ci', { cause: error });
  }
  return drivers;
}
