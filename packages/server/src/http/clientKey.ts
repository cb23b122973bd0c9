/**
 * Whose request it is, for counting: the IPv4 address, or the /64 of an IPv6 one. One IPv6
 * subscriber usually holds a whole /64, so counting single addresses would let one client
 * rotate through billions of fresh counters.
 */
export function clientKey(ip: string): string {
  const bare = ip.split('%')[0] ?? ip; // a zone index (fe80::1%eth0) names an interface, not a client
  if (!bare.includes(':')) return bare;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return groups.slice(0, 4).map((group) => (parseInt(group, 16) || 0).toString(16)).join(':') + '::/64';
}
