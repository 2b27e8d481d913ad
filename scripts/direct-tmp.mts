import { workerdDirectBase } from './lib/workerd-direct';
console.log(await workerdDirectBase('http://127.0.0.1:8833'));
