import { afterEach, describe, expect, it } from 'vitest';
import { BANNER_PROBE_EVERY_MS, publishedBanner, setBannerProbe } from './banner-host.ts';

const URL = 'https://provider.example/game_pic/a.png';
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('banner host probe', () => {
  afterEach(() => setBannerProbe(null));

  it('hands out no banner until the host has answered, then the banner; an unreachable host never', async () => {
    let asked = 0;
    setBannerProbe(async () => {
      asked++;
      return true;
    });
    expect(publishedBanner(URL, 0)).toBe('');
    await flush();
    expect(publishedBanner(URL, 1)).toBe(URL);
    expect(asked).toBe(1); // one probe per period, however many banners are listed

    setBannerProbe(async () => false);
    expect(publishedBanner(URL, 0)).toBe('');
    await flush();
    expect(publishedBanner(URL, 1)).toBe('');
    expect(publishedBanner('', 2)).toBe('');
  });

  it('asks again after a period: a host that comes back gets its banners back', async () => {
    let up = false;
    setBannerProbe(async () => up);
    publishedBanner(URL, 0);
    await flush();
    up = true;
    expect(publishedBanner(URL, 1)).toBe('');
    publishedBanner(URL, BANNER_PROBE_EVERY_MS);
    await flush();
    expect(publishedBanner(URL, BANNER_PROBE_EVERY_MS + 1)).toBe(URL);
  });
});
