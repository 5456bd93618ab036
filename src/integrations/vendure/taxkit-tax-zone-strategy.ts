import type { VendureChannel, VendureOrder, VendureZone } from './vendure-types.ts';

/**
 * Vendure's `TaxZoneStrategy` by address: the zone of the order's shipping (else billing)
 * country, the zone with the fewest members when several hold it, else the channel's default
 * tax zone. Vendure's own default always answers the channel's zone, whatever the address; taxkit
 * taxes by the address, and Vendure's zone then only picks which of its tax rates it passes
 * along (taxkit does not use them).
 */
export class TaxkitTaxZoneStrategy {
  determineTaxZone(
    _ctx: unknown,
    zones: VendureZone[],
    channel: VendureChannel,
    order?: VendureOrder,
  ): VendureZone | undefined {
    const country = (order?.shippingAddress?.countryCode ?? order?.billingAddress?.countryCode ?? '').toUpperCase();
    if (country !== '') {
      const holding = zones.filter((zone) =>
        (zone.members ?? []).some((member) => member.code?.toUpperCase() === country),
      );
      holding.sort((a, b) => (a.members?.length ?? 0) - (b.members?.length ?? 0));
      if (holding[0] !== undefined) return holding[0];
    }
    return channel.defaultTaxZone ?? undefined;
  }
}
