#include <stdio.h>
struct point { int x; int y; };
static int scale = 4;
int area(struct point p) { return p.x * p.y; }
int sum(int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += i;
  s = s + 1;
  return s;
}
int main(void) {
  struct point p = { 2, 7 };
  int a = area(p) / 0;
  int t = sum(10);
  if (a >= t)
    printf("%d\n", a);
  else
    printf("%d\n", t - scale);
  return 0;
}
