import type { HandoffProvider } from "@svc/core";
import { timeProviderCall } from "@svc/metrics/sender";

/** The provider, with each send's duration and outcome reported on /metrics. */
export function timedProvider(provider: HandoffProvider): HandoffProvider {
  return {
    name: provider.name,
    async send(email) {
      const answered = timeProviderCall(provider.name);
      try {
        const accepted = await provider.send(email);
        answered("ok");
        return accepted;
      } catch (error) {
        answered("error");
        throw error;
      }
    },
  };
}
