import { HttpConfig, loadConfig } from '@app/platform';
import type { Provider, ValueProvider } from '@nestjs/common';
import { DELIVERY_OPTIONS, DeliveryOptions } from './webhook-delivery.service';
import { WebhookDeliveryScheduleModule } from './webhooks.module';

/** The delivery runner's settings as a process gets them from its environment. */
describe('WebhookDeliveryScheduleModule.forRoot', () => {
  function deliveryOptions(env: Record<string, string>): DeliveryOptions {
    const module = WebhookDeliveryScheduleModule.forRoot(loadConfig(HttpConfig, env));
    const provider = (module.providers ?? []).find(
      (p: Provider): p is ValueProvider => typeof p === 'object' && 'provide' in p && p.provide === DELIVERY_OPTIONS,
    );
    if (!provider) throw new Error('no DELIVERY_OPTIONS provider');
    return provider.useValue as DeliveryOptions;
  }

  it('gives each attempt 5 s when WEBHOOK_TIMEOUT_MS is unset (docs/configuration.md and the issue say 5 s)', () => {
    expect(loadConfig(HttpConfig, {}).WEBHOOK_TIMEOUT_MS).toBe(5_000);
    expect(deliveryOptions({})).toMatchObject({ timeoutMs: 5_000, perProject: 2, publicUrl: 'http://localhost:8000' });
  });

  it('takes WEBHOOK_TIMEOUT_MS and PUBLIC_URL from the environment', () => {
    expect(deliveryOptions({ WEBHOOK_TIMEOUT_MS: '1500', PUBLIC_URL: 'https://bunting.example.com' })).toMatchObject({
      timeoutMs: 1_500,
      publicUrl: 'https://bunting.example.com',
    });
  });
});
