/** Part 3 of the permission table's rows (permission-suite.ts). */
import { permissionRows } from './permission-suite';

permissionRows(3);
