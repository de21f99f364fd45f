import type { ConfigurationSetChooser } from "@svc/core";
import type { EmailProvider } from "@svc/providers";

/**
 * The provider, with each email's configuration set filled in (the recorded set for its domain's
 * tracking, or SES_CONFIGURATION_SET): the handoff itself does not need to know about sets.
 */
export function withConfigurationSets(provider: EmailProvider, chooser: ConfigurationSetChooser): EmailProvider {
  return {
    name: provider.name,
    async send(email) {
      const configurationSet = await chooser.choose(email);
      return provider.send(configurationSet ? { ...email, configurationSet } : email);
    },
    close: () => provider.close(),
  };
}
