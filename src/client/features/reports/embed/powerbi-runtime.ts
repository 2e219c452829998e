import type { factories, models, service } from 'powerbi-client';

/** The Power BI client, loaded on the first Power BI report (it stays out of the shell's bundle). */
export type PowerBiRuntime = { service: service.Service; models: typeof models };

const runtimes = new Map<string, Promise<PowerBiRuntime>>();

/**
 * One Power BI service per embed origin, created on first use by a dynamic import. Its message
 * proxy drops every message whose origin is not the embed origin the server named (spec part 1 §9):
 * powerbi-client's own proxy accepts any origin, so ours sets window-post-message-proxy's
 * `receivedMessageValidation` option, which the proxy reads on each message.
 */
export function powerBiRuntime(origin: string): Promise<PowerBiRuntime> {
  let runtime = runtimes.get(origin);
  if (!runtime) {
    runtime = import('powerbi-client').then((pbi): PowerBiRuntime => {
      const wpmpFactory: factories.IWpmpFactory = (name, logMessages, eventSourceOverrideWindow) => {
        const proxy = pbi.factories.wpmpFactory(name, logMessages, eventSourceOverrideWindow);
        Object.assign(proxy, { receivedMessageValidation: { expectedMessageOrigin: origin } });
        return proxy;
      };
      return {
        service: new pbi.service.Service(pbi.factories.hpmFactory, wpmpFactory, pbi.factories.routerFactory),
        models: pbi.models,
      };
    });
    // A failed download may succeed on the next visit.
    void runtime.catch(() => runtimes.delete(origin));
    runtimes.set(origin, runtime);
  }
  return runtime;
}
