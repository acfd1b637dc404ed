import ICAL from 'ical.js';

/** The calendar as a calendar program reads it: each event with its instants and zone. */
export function readCalendar(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location,
      url: component.getFirstPropertyValue('url'),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      zone: event.startDate.zone?.tzid,
    };
  });
}
