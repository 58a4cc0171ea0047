// How each kind of change reads is part of its kind's description (lib/sync/kinds).
export { describeChange, editableFields } from '@/lib/sync/kinds';
