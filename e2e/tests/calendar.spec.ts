/**
 * A batch's sessions as a calendar file, downloaded from the running site
 * as a visitor's browser would (no sign-in) and read by a real iCalendar
 * parser: the sample's Monday and Wednesday evening batch, 7 to 9 PM
 * Pacific, crosses the start of daylight saving time on March 14, 2027, so
 * its sessions start at 03:00Z before the change and 02:00Z after it.
 */
import { expect, test } from '@playwright/test';
import ICAL from 'ical.js';

const BATCH = 'WIFI7-2027-02-PM';

test('a batch calendar has its 15 sessions at the right instants, in Pacific Time', async ({
  page,
}) => {
  const response = await page.request.get(`/api/batches/${BATCH}/calendar.ics`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="[\w-]+\.ics"$/);
  const ics = await response.text();

  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const zones = calendar.getAllSubcomponents('vtimezone');
  expect(zones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['America/Los_Angeles']);
  for (const zone of zones) ICAL.TimezoneService.register(new ICAL.Timezone(zone));

  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      zone: component.getFirstProperty('dtstart')?.getParameter('tzid'),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
    };
  });
  expect(events).toHaveLength(15);
  expect(events.every((event) => event.zone === 'America/Los_Angeles')).toBe(true);
  // Mondays and Wednesdays at 7 PM Pacific: the next day in UTC.
  const standardDays = ['02-09', '02-11', '02-16', '02-18', '02-23', '02-25', '03-02', '03-04'];
  const beforeChange = [...standardDays, '03-09', '03-11'];
  const afterChange = ['03-16', '03-18', '03-23', '03-25', '03-30'];
  expect(events.map((event) => event.start)).toEqual([
    ...beforeChange.map((day) => `2027-${day}T03:00:00.000Z`),
    ...afterChange.map((day) => `2027-${day}T02:00:00.000Z`),
  ]);
  expect(events.map((event) => event.end)).toEqual([
    ...beforeChange.map((day) => `2027-${day}T05:00:00.000Z`),
    ...afterChange.map((day) => `2027-${day}T04:00:00.000Z`),
  ]);
  // One id per batch and session, so importing the file again updates the same events.
  expect(events.map((event) => event.uid)).toEqual(
    events.map((_, index) => `${BATCH}-session-${index + 1}@localhost`),
  );
});

test('an unknown batch has no calendar', async ({ page }) => {
  const response = await page.request.get('/api/batches/NO-SUCH-BATCH/calendar.ics');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({
    statusCode: 404,
    message: 'There is no batch with this id.',
  });
});
