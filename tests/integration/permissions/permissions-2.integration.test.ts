/** Part 2 of the permission table's rows (permission-suite.ts). */
import { permissionRows } from './permission-suite';

permissionRows(2);
