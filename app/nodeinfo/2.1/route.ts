import { otherMethods } from '@/lib/edge/api/respond';
import { fediverseFetch } from '@/lib/fediverse';

// The blog on the fediverse (lib/fediverse): where other servers find it, answered by its federation (Fedify).
export const GET = fediverseFetch;
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
